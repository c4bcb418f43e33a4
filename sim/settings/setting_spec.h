// One entry of the settings table (registry/settings.h), declared once: the parameter as every reader and
// writer sees it (params/param.h: name, type, unit, range, help, widget, whether it rebuilds the scene;
// its default is the member's value in a default-constructed struct, so it is written only there) and the
// struct member it is stored in. The CLI flag (--name with dashes), the preset key (name), the ImGui
// widget, the run summary and `smallsteps list` all come from these entries.
#pragma once

#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include "params/param.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class S>
struct SettingSpec {
  ParamSpec param;
  std::function<double(const S&)> get;  // the member as the table's number (an enum: its index)
  std::function<void(S&, double)> set;  // a number the table validated, into the member
  // Whether the setting does anything under the others (implicit Euler's linear solve under xpbd does not):
  // the viewer shows only those that do. Null: always. `relevant_where` says where in words ("with integrator
  // xpbd"), for the note a run gives when the setting is given where it does nothing.
  std::function<bool(const S&)> relevant;
  std::string relevant_where;
};

// The entry, relevant only where `when` holds (`where`: that condition in words).
template <class S, class When>
SettingSpec<S> only_when(SettingSpec<S> spec, When when, std::string where) {
  spec.relevant = when;
  spec.relevant_where = std::move(where);
  return spec;
}

// The entry of member `field` of S: param's default_value is replaced by the member's default.
template <class S, class T>
SettingSpec<S> setting(T S::*field, ParamSpec param) {
  const auto to_number = [](const T& v) {
    if constexpr (std::is_enum_v<T>)
      return double(int(v));
    else
      return double(v);
  };
  param.default_value = to_number(S{}.*field);
  return {std::move(param), [field, to_number](const S& s) { return to_number(s.*field); },
          [field](S& s, double v) {
            if constexpr (std::is_enum_v<T>)
              s.*field = T(int(v));
            else if constexpr (std::is_same_v<T, bool>)
              s.*field = v != 0.0;
            else
              s.*field = T(v);
          },
          nullptr,
          ""};
}

// The same entry seen from a struct that derives from S (registry/settings.h's Settings from each part).
template <class Derived, class S>
SettingSpec<Derived> as_setting_of(const SettingSpec<S>& spec) {
  SettingSpec<Derived> out{spec.param, [get = spec.get](const Derived& d) { return get(static_cast<const S&>(d)); },
                           [set = spec.set](Derived& d, double v) { set(static_cast<S&>(d), v); }, nullptr,
                           spec.relevant_where};
  if (spec.relevant)
    out.relevant = [relevant = spec.relevant](const Derived& d) { return relevant(static_cast<const S&>(d)); };
  return out;
}

}  // namespace SIM_PRECISION
}  // namespace sim
