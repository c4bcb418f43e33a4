// SIM_HD marks physics functions written once and compiled for both backends:
// __host__ __device__ under nvcc, plain inline C++ elsewhere (docs/ARCHITECTURE.md: one source, both backends).
#pragma once

#if defined(__CUDACC__)
#define SIM_HD __host__ __device__ __forceinline__
#else
#define SIM_HD inline
#endif

// The body of a hot projection loop (a contact's SDF sample, friction and allowance) and the rare paths
// it leaves: on the host the first inlines everything it calls, the second never inlines, so GCC's
// inlining budget does not turn the common path into calls (a call spills every live floating-point
// register and passes Vec3s through memory). Under nvcc both are SIM_HD.
#if defined(__CUDACC__)
#define SIM_HD_FLAT SIM_HD
#define SIM_HD_COLD SIM_HD
#else
#define SIM_HD_FLAT inline __attribute__((flatten))
#define SIM_HD_COLD __attribute__((noinline, cold))
#endif
