// SIM_HD marks physics functions written once and compiled for both backends:
// __host__ __device__ under nvcc, plain inline C++ elsewhere (docs/ARCHITECTURE.md: one source, both backends).
#pragma once

#if defined(__CUDACC__)
#define SIM_HD __host__ __device__ __forceinline__
#else
#define SIM_HD inline
#endif

// The small building blocks of every projection (3×3 products, rotations, a body's inverse inertia): always
// inlined on the host. Left to GCC's budget they were inlined or not by how much else the backend's one
// translation unit held (a family's draw term more, and the capsule stack's contacts ran 12 % slower through
// calls to apply_inv_inertia; the FEM beam's through Mat3 products).
#if defined(__CUDACC__)
#define SIM_HD_INLINE SIM_HD
#else
#define SIM_HD_INLINE inline __attribute__((always_inline))
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
