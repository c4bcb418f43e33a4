// A body's particle pairs cut into chunks, so that a sum over them (its pairs acting, their corrections,
// its friction patch) runs in parallel: one thread a chunk sums its slots in order, then the body folds its
// chunks in order. A box resting on the 388² bunny drape has ~5,200 pairs: summed by one thread a body, as
// first written, its CUDA frame at 1 × 30 took 646 ms, and 18.7 ms in chunks (H100, 2026-11-25). The cut
// depends only on each body's pair count (chunks of max(32, ⌈√n⌉) slots), so every sum has the same order on
// any thread count and on both backends: no atomics.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/hd.h"

namespace sim {
inline namespace SIM_PRECISION {

// The chunks of the bodies' pair lists (slots of families/rigid/particle_contacts/particle_contact_stages.h's
// body lists).
struct PairChunks {
  const int* begin;        // chunk j: body slots [begin[j], begin[j + 1])
  const int* body;         // chunk j's body
  const int* body_chunks;  // body i's chunks: [body_chunks[i], body_chunks[i + 1])

  // Body i's chunk partials summed in order (T: zero when value-initialised, with +=).
  template <class T>
  SIM_HD T fold(const T* partial, int i) const {
    T sum{};
    for (int j = body_chunks[i]; j < body_chunks[i + 1]; ++j) sum += partial[j];
    return sum;
  }
  SIM_HD bool empty(int i) const { return body_chunks[i] == body_chunks[i + 1]; }
};

// The cut on the host, from the bodies' list offsets (bodies + 1 entries).
struct HostPairChunks {
  std::vector<int> begin{0}, body, body_chunks{0};
};

inline HostPairChunks cut_pair_chunks(const std::vector<int>& body_offsets) {
  HostPairChunks c;
  for (size_t i = 0; i + 1 < body_offsets.size(); ++i) {
    const int first = body_offsets[i], n = body_offsets[i + 1] - first;
    const int length = std::max(32, int(std::ceil(std::sqrt(double(n)))));
    for (int s = first + length; s < first + n; s += length) {
      c.begin.push_back(s);
      c.body.push_back(int(i));
    }
    if (n > 0) {
      c.begin.push_back(first + n);
      c.body.push_back(int(i));
    }
    c.body_chunks.push_back(int(c.body.size()));
  }
  return c;
}

// Chunk j's slots summed in order: each slot's value (T, with +=) through the body list's slot_of.
template <class T>
struct SumChunkSlots {
  PairChunks chunks;
  const int* slot_of;
  const T* slots;
  T* partial;
  SIM_HD void operator()(int j) const {
    T sum{};
    for (int s = chunks.begin[j]; s < chunks.begin[j + 1]; ++s) sum += slots[slot_of[s]];
    partial[j] = sum;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
