// The CUDA backend: Algorithm 1 (solver/backend_solver.h) instantiated with kernel launches.
#include "backend/backend.h"
#include "exec/cuda_exec.cuh"
#include "solver/backend_solver.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// Compiled with the same architectures as every kernel of this file: whether it loads on a device is
// whether the backend's kernels do.
__global__ void kernel_image_probe() {}

#define SIM_STRINGIZE_LIST(...) #__VA_ARGS__
#define SIM_ARCH_LIST_TEXT(list) SIM_STRINGIZE_LIST(list)

}  // namespace

CudaAvailability cuda_availability() {
  CudaDeviceProbe probe;
  probe.built_for = SIM_ARCH_LIST_TEXT(__CUDA_ARCH_LIST__);  // nvcc's list, e.g. "750,800,860"
  const cudaError_t err = cudaGetDeviceCount(&probe.count);  // leaves count at 0 when there is no driver
  if (err != cudaSuccess) probe.runtime_error = cudaGetErrorString(err);
  if (err == cudaSuccess && probe.count > 0) {
    cudaDeviceProp prop{};
    cuda_check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    probe.name = prop.name;
    probe.compute_capability = prop.major * 10 + prop.minor;
    cudaFuncAttributes attributes{};
    const cudaError_t image = cudaFuncGetAttributes(&attributes, kernel_image_probe);
    cudaGetLastError();  // a missing image is an answer here, not an error for the next launch to find
    probe.kernel_image = image == cudaSuccess;
    if (image != cudaSuccess && image != cudaErrorNoKernelImageForDevice && image != cudaErrorInvalidDeviceFunction)
      probe.runtime_error = std::string(prop.name) + ": " + cudaGetErrorString(image);  // busy, out of memory, ...
  }
  return judge_cuda_device(probe);
}

const char* cuda_scalar() { return sizeof(Real) == sizeof(float) ? "float" : "double"; }

std::unique_ptr<Solver> make_cuda_solver() { return std::make_unique<BackendSolver<CudaExec>>(); }

}  // namespace SIM_PRECISION
}  // namespace sim
