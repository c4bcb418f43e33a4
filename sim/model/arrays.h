// Array aliases and whole-struct copies for structure-of-arrays data.
// A struct templated on its array type lists its fields once in fields(); copy_fields() then moves
// every field between a host copy (std::vector) and a backend copy (host or device buffers).
#pragma once

#include <cstddef>
#include <tuple>
#include <utility>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

template <class T>
using HostVector = std::vector<T>;

namespace detail {
template <class TupleA, class TupleB, class F, std::size_t... I>
void zip_each(TupleA&& a, TupleB&& b, F&& f, std::index_sequence<I...>) {
  (f(std::get<I>(a), std::get<I>(b)), ...);
}
}  // namespace detail

// Calls f(field_of_a, field_of_b) for each pair of corresponding fields.
template <class A, class B, class F>
void zip_fields(A& a, B& b, F&& f) {
  auto fa = a.fields();
  auto fb = b.fields();
  static_assert(std::tuple_size<decltype(fa)>::value == std::tuple_size<decltype(fb)>::value);
  detail::zip_each(fa, fb, f, std::make_index_sequence<std::tuple_size<decltype(fa)>::value>{});
}

}  // namespace SIM_PRECISION
}  // namespace sim
