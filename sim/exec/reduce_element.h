// How Exec::reduce takes element i of a reduction into its running sum: f(i, acc) where f adds its share to
// acc in place (the frame's metrics, metrics/measure_frame.h, whose sums hold some sixty fields of which
// one element touches a few: building and combining the whole struct per element made the metrics of a
// 387² cloth cost 55 ms a frame), acc = T::combine(acc, f(i)) where f returns its share.
#pragma once

#include <type_traits>

#include "core/hd.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class T, class F>
SIM_HD void reduce_element(const F& f, int i, T& acc) {
  if constexpr (std::is_invocable_v<const F&, int, T&>)
    f(i, acc);
  else
    acc = T::combine(acc, f(i));
}

}  // namespace SIM_PRECISION
}  // namespace sim
