// The double core's CUDA backend when CUDA is built into the float core beside it (SMALLSTEPS_CUDA_REAL=float,
// the default; sim/CMakeLists.txt): the device the float core's runtime finds, and a Solver that runs each
// frame there in float, converting at upload and read-back (backend/float_bridge.h).
#include "backend/backend.h"
#include "backend/float_bridge.h"
#include "backend/float_core.h"

namespace sim {
inline namespace SIM_PRECISION {

CudaAvailability cuda_availability() {
  const float_core::CudaAnswer a = float_core::cuda_availability();
  return {a.available, a.detail, a.built_for};
}

const char* cuda_scalar() { return "float"; }

std::unique_ptr<Solver> make_cuda_solver() { return make_float_solver(true); }

}  // namespace SIM_PRECISION
}  // namespace sim
