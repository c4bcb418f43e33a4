// Built instead of cuda_backend.cu when configure found no nvcc: the CUDA backend is absent.
#include "backend/backend.h"

namespace sim {
inline namespace SIM_PRECISION {

CudaAvailability cuda_availability() {
  return {false, "this build has no CUDA backend (nvcc was not found when it was configured)", ""};
}

const char* cuda_scalar() { return ""; }

std::unique_ptr<Solver> make_cuda_solver() { throw BackendUnavailable(cuda_availability().detail); }

}  // namespace SIM_PRECISION
}  // namespace sim
