// The wire: a value of the core as a row of doubles, the same row whichever scalar the core was compiled in
// (issue 51 item 0: the core in float beside the core in double in one program, converting at the backend's
// upload and read-back; backend/float_core.h). put(t, out) appends t's scalars in a fixed order and
// get(in, t) reads them back: an aggregate member by member (found by structured binding), a sequence or a
// string as its length and then its elements, an optional as a flag and then its value. A coordinate of a
// Position crosses as one double: a float core's hi + lo (core/position.h), exact where their bits span at
// most 53 and otherwise rounded by at most 2⁻⁵³ of the coordinate (1e-16 m on a metre), read back as the
// nearest float pair. Every other scalar crosses as itself (a double read by a float core rounds to the
// nearest float).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "constraints/body_contact.h"
#include "core/position.h"
#include "metrics/common_metrics.h"
#include "metrics/measure_frame.h"
#include "registry/model.h"
#include "registry/settings.h"

namespace sim {
namespace wire {

using Numbers = std::vector<double>;

// Where get() reads; running past the end is a fault of the two cores' agreement, not of the user's input.
struct Reader {
  const double* at;
  const double* end;
  double next() {
    if (at == end) throw std::logic_error("wire: read past the end of the row (the two cores disagree on a layout)");
    return *at++;
  }
};

// d as hi + lo in float: hi the nearest float to d, lo = d − hi rounded to float. hi is found on d's bits
// (round to nearest even at the 24th significant bit) rather than as float(d): GCC 12.2's SLP vectoriser
// folds d − double(float(d)) to d − d when two such lanes sit side by side (it did in this wire, at -O2), which
// would drop every lo. Non-finite d crosses as itself.
inline void split_to_floats(double d, float& hi, float& lo) {
  if (!std::isfinite(d)) {
    hi = float(d);
    lo = 0.0f;
    return;
  }
  constexpr int kDropped = 52 - 23;  // a double's fraction bits beyond a float's
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  bits += (std::uint64_t{1} << (kDropped - 1)) - 1 + ((bits >> kDropped) & 1);  // a carry rounds the exponent up
  bits &= ~((std::uint64_t{1} << kDropped) - 1);
  double h;
  std::memcpy(&h, &bits, sizeof h);
  hi = float(h);
  lo = float(d - h);
}

}  // namespace wire

inline namespace SIM_PRECISION {
namespace wire_detail {

// An aggregate's member count: the most initialisers T{{f}, {f}, ...} accepts. Each in its own braces, so that
// an array member takes one (brace elision would give it one per element). In a float core Field does not
// convert to a Position itself, so that a Position member has one way to be made from it (from a Vec3).
struct Field {
  template <class U, class = std::enable_if_t<std::is_same_v<Position, Vec3> || !std::is_same_v<U, Position>>>
  operator U() const;
};
template <class T, class... A>
constexpr auto accepts(int) -> decltype(T{{std::declval<A>()}...}, true) {
  return true;
}
template <class T, class... A>
constexpr bool accepts(...) {
  return false;
}
template <class T, class... A>
constexpr int arity() {
  if constexpr (accepts<T, A..., Field>(0))
    return arity<T, A..., Field>();
  else
    return int(sizeof...(A));
}

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T, class = void>
struct is_sequence : std::false_type {};
template <class T>
struct is_sequence<T, std::void_t<typename T::value_type, decltype(std::declval<T&>().resize(0))>> : std::true_type {};
template <class T, class = void>
struct has_fields : std::false_type {};  // a State: its arrays, listed by fields()
template <class T>
struct has_fields<T, std::void_t<decltype(std::declval<const T&>().fields())>> : std::true_type {};
template <class T>
struct is_sums_tuple : std::false_type {};
template <class Head, class... Tail>
struct is_sums_tuple<SumsTuple<Head, Tail...>> : std::true_type {};
template <class T>
struct is_measured_sums : std::false_type {};
template <class S>
struct is_measured_sums<MeasuredSumsOf<S>> : std::true_type {};

template <class T, class F>
void walk(T& t, F& f);

template <class F, class... M>
void walk_each(F& f, M&... m) {
  (walk(m, f), ...);
}

// Members in declaration order, by structured binding: a member added to an aggregate crosses without a
// change here, and a count this cannot bind fails to compile.
template <class T, class F>
void walk_aggregate(T& t, F& f) {
  constexpr int n = arity<std::remove_const_t<T>>();
  static_assert(n <= 20, "wire.h: an aggregate with more than 20 members (add a line below)");
  // clang-format off
  if constexpr (n == 0) {
  } else if constexpr (n == 1) { auto& [m0] = t; walk_each(f, m0);
  } else if constexpr (n == 2) { auto& [m0, m1] = t; walk_each(f, m0, m1);
  } else if constexpr (n == 3) { auto& [m0, m1, m2] = t; walk_each(f, m0, m1, m2);
  } else if constexpr (n == 4) { auto& [m0, m1, m2, m3] = t; walk_each(f, m0, m1, m2, m3);
  } else if constexpr (n == 5) { auto& [m0, m1, m2, m3, m4] = t; walk_each(f, m0, m1, m2, m3, m4);
  } else if constexpr (n == 6) { auto& [m0, m1, m2, m3, m4, m5] = t; walk_each(f, m0, m1, m2, m3, m4, m5);
  } else if constexpr (n == 7) { auto& [m0, m1, m2, m3, m4, m5, m6] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6);
  } else if constexpr (n == 8) { auto& [m0, m1, m2, m3, m4, m5, m6, m7] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7);
  } else if constexpr (n == 9) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8);
  } else if constexpr (n == 10) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9);
  } else if constexpr (n == 11) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10);
  } else if constexpr (n == 12) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11);
  } else if constexpr (n == 13) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12);
  } else if constexpr (n == 14) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13);
  } else if constexpr (n == 15) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14);
  } else if constexpr (n == 16) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);
  } else if constexpr (n == 17) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16);
  } else if constexpr (n == 18) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17);
  } else if constexpr (n == 19) { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18);
  } else { auto& [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18, m19] = t; walk_each(f, m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18, m19);
  }
  // clang-format on
}

template <class T, class F>
void walk(T& t, F& f) {
  using U = std::remove_const_t<T>;
  if constexpr (std::is_arithmetic_v<U> || std::is_enum_v<U>) {
    f.scalar(t);
  } else if constexpr (std::is_pointer_v<U>) {
    // a binding to a core's own storage (an SDF's grid): whoever samples it binds it there
  } else if constexpr (std::is_same_v<U, Model>) {  // its arrays with each family's settings, and the scene's
    using Particles = std::conditional_t<std::is_const_v<T>, const ParticleArrays<HostVector>, ParticleArrays<HostVector>>;
    using Scene = std::conditional_t<std::is_const_v<T>, const SceneModel, SceneModel>;
    walk_aggregate(static_cast<Particles&>(t), f);
    Families::ModelParts<HostVector>::each_part(t, [&](auto& part) { walk_aggregate(part, f); });
    walk_aggregate(static_cast<Scene&>(t), f);
#if SIM_REAL_FLOAT
  } else if constexpr (std::is_same_v<U, Position>) {  // in a double core a Vec3
    f.coordinate(t.x, t.lo.x);
    f.coordinate(t.y, t.lo.y);
    f.coordinate(t.z, t.lo.z);
#endif
  } else if constexpr (std::is_array_v<U>) {
    for (auto& e : t) walk(e, f);
  } else if constexpr (is_optional<U>::value) {
    f.optional(t);
  } else if constexpr (is_sequence<U>::value) {  // std::vector, HostVector, std::string
    f.sequence(t);
  } else if constexpr (std::is_same_v<U, ContactPair>) {  // its array of points defeats the member count
    walk_each(f, t.material, t.point, t.n, t.radius_a, t.radius_b, t.lambda_t, t.ends, t.count, t.touching);
  } else if constexpr (std::is_same_v<U, Divergence>) {
    walk_each(f, t.item, t.reason, t.position);
  } else if constexpr (is_sums_tuple<U>::value) {  // an empty tail takes no initialiser to count
    walk_each(f, t.head, t.tail);
  } else if constexpr (is_measured_sums<U>::value) {
    walk_each(f, t.particles, t.constraints, t.families, t.probe_lambda, t.probe_torque, t.divergence);
  } else {
    static_assert(std::is_aggregate_v<U>, "wire.h: a type that is neither a scalar, a sequence nor an aggregate");
    walk_aggregate(t, f);
  }
}

struct Put {
  wire::Numbers& out;
  template <class S>
  void scalar(const S& s) {
    if constexpr (std::is_enum_v<S>)
      out.push_back(double(static_cast<std::underlying_type_t<S>>(s)));
    else
      out.push_back(double(s));
  }
#if SIM_REAL_FLOAT
  void coordinate(Real hi, Real lo) { out.push_back(double(hi) + double(lo)); }
#endif
  template <class O>
  void optional(const O& o) {
    out.push_back(o ? 1.0 : 0.0);
    if (o) walk(*o, *this);
  }
  template <class Q>
  void sequence(const Q& q) {
    out.push_back(double(q.size()));
    for (const auto& e : q) walk(e, *this);
  }
};

struct Get {
  wire::Reader& in;
  template <class S>
  void scalar(S& s) {
    if constexpr (std::is_enum_v<S>)
      s = S(std::underlying_type_t<S>(in.next()));
    else
      s = S(in.next());
  }
#if SIM_REAL_FLOAT
  void coordinate(Real& hi, Real& lo) { wire::split_to_floats(in.next(), hi, lo); }
#endif
  template <class O>
  void optional(O& o) {
    o.reset();
    if (in.next() != 0.0) walk(o.emplace(), *this);
  }
  template <class Q>
  void sequence(Q& q) {
    q.resize(std::size_t(in.next()));
    for (auto& e : q) walk(e, *this);
  }
};

}  // namespace wire_detail

// Appends t's scalars to `out`: a State's arrays (its fields()), a Model whole (the arrays, each family's
// settings and the scene's), any other value member by member.
template <class T>
void put(const T& t, wire::Numbers& out) {
  wire_detail::Put f{out};
  if constexpr (wire_detail::has_fields<T>::value && !std::is_same_v<T, Model>)
    std::apply([&](const auto&... field) { (wire_detail::walk(field, f), ...); }, t.fields());
  else
    wire_detail::walk(t, f);
}

// Reads t from `in`, as put() wrote it.
template <class T>
void get(wire::Reader& in, T& t) {
  wire_detail::Get f{in};
  if constexpr (wire_detail::has_fields<T>::value && !std::is_same_v<T, Model>)
    std::apply([&](auto&... field) { (wire_detail::walk(field, f), ...); }, t.fields());
  else
    wire_detail::walk(t, f);
}

template <class T>
wire::Numbers to_wire(const T& t) {
  wire::Numbers out;
  put(t, out);
  return out;
}
// Reads the whole row into t; a row longer than t's layout is the cores' disagreement too.
template <class T>
void from_wire(const wire::Numbers& row, T& t) {
  wire::Reader in{row.data(), row.data() + row.size()};
  get(in, t);
  if (in.at != in.end) throw std::logic_error("wire: a row longer than its value (the two cores disagree on a layout)");
}

// Settings cross as their table (registry/settings.h): each entry's number, in the table's order.
inline void put_settings(const Settings& settings, wire::Numbers& out) {
  out.clear();
  for (const auto& spec : setting_specs()) out.push_back(spec.get(settings));
}
inline Settings settings_from_wire(const wire::Numbers& row) {
  const auto& specs = setting_specs();
  if (row.size() != specs.size()) throw std::logic_error("wire: the two cores' settings tables differ");
  Settings settings;
  for (size_t i = 0; i < specs.size(); ++i) specs[i].set(settings, row[i]);
  return settings;
}

}  // namespace SIM_PRECISION
}  // namespace sim
