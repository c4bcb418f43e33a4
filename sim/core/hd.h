// SIM_HD marks physics functions written once and compiled for both backends:
// __host__ __device__ under nvcc, plain inline C++ elsewhere (DESIGN.md, "single-source kernels").
#pragma once

#if defined(__CUDACC__)
#define SIM_HD __host__ __device__ __forceinline__
#else
#define SIM_HD inline
#endif
