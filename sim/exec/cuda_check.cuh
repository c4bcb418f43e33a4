// cuda_check: a CUDA runtime call's error as an exception naming the call, for every CUDA header of exec/.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace sim {
inline namespace SIM_PRECISION {

inline void cuda_check(cudaError_t err, const char* what) {
  if (err != cudaSuccess)
    throw std::runtime_error(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(err));
}

}  // namespace SIM_PRECISION
}  // namespace sim
