// The CUDA backend: Algorithm 1 (solver/xpbd_solver.inl) instantiated with kernel launches.
#include "backend/backend.h"
#include "backend/cuda_exec.cuh"
#include "solver/xpbd_solver.inl"

namespace sim {

CudaAvailability cuda_availability() {
  int count = 0;  // cudaGetDeviceCount leaves it untouched when there is no driver
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) return {false, std::string("no CUDA device: ") + cudaGetErrorString(err)};
  if (count == 0) return {false, "no CUDA device found"};
  cudaDeviceProp prop{};
  cuda_check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  return {true, prop.name};
}

std::unique_ptr<Solver> make_cuda_solver() { return std::make_unique<XpbdSolver<CudaExec>>(); }

}  // namespace sim
