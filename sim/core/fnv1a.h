// FNV-1a, the 64-bit Fowler–Noll–Vo hash (offset basis 14695981039346656037, prime 1099511628211): names
// and checks data: cached SDF files, states compared across runs and thread counts.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sim {
inline namespace SIM_PRECISION {

constexpr uint64_t kFnv1aBasis = 14695981039346656037ull;

// Continues hash h over `bytes` bytes at data; start from kFnv1aBasis.
inline uint64_t fnv1a(uint64_t h, const void* data, size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

}  // namespace SIM_PRECISION
}  // namespace sim
