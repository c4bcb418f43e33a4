// A fingerprint of a State, bit for bit: FNV-1a over every field's size and bytes. Two runs with equal
// hashes went through the same floating-point history (the determinism test of Box2D v3,
// test/test_determinism.c, checks a hash the same way); the runner prints it so that users can compare runs.
#pragma once

#include <cstdint>
#include <tuple>

#include "core/fnv1a.h"
#include "registry/state.h"

namespace sim {
inline namespace SIM_PRECISION {

inline uint64_t state_hash(const State& state) {
  uint64_t h = kFnv1aBasis;
  const auto add = [&h](const auto& field) {
    const uint64_t count = field.size();
    h = fnv1a(h, &count, sizeof count);
    h = fnv1a(h, field.data(), field.size() * sizeof(*field.data()));
  };
  std::apply([&add](const auto&... field) { (add(field), ...); }, state.fields());
  return h;
}

}  // namespace SIM_PRECISION
}  // namespace sim
