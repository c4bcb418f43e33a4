// The CUDA backend: Algorithm 1 (solver/backend_solver.h) instantiated with kernel launches.
#include "backend/backend.h"
#include "exec/cuda_exec.cuh"
#include "solver/backend_solver.h"

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

std::unique_ptr<Solver> make_cuda_solver() { return std::make_unique<BackendSolver<CudaExec>>(); }

}  // namespace sim
