// Families as one set: the parts of Model, State, ModelBuilder and FrameMetrics they each contribute (each a
// base of the whole), the tuple of their stages a solver holds, and every per-family piece of
// families/family.h applied to all of them in list order. The registered families are one
// (registry/family_list.h), whose set the layers above call, naming no family; the rigid family's contact
// kinds another (families/rigid/contact_kinds.h).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "draw/draw_vertex.h"
#include "families/family.h"
#include "metrics/measure_frame.h"
#include "settings/setting_spec.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class... F>
struct FamilySet {
  static constexpr size_t kCount = sizeof...(F);

  template <template <class> class Array>
  struct ModelParts : F::template ModelPart<Array>... {
    template <class Self>
    static auto tie_parts(Self& self) {
      return std::tuple_cat(
          static_cast<match_const_t<Self, typename F::template ModelPart<Array>>&>(self).fields()...);
    }
    // fn(part) for each family's whole part, its settings beside its arrays (backend/wire.h).
    template <class Self, class Fn>
    static void each_part(Self& self, Fn&& fn) {
      (fn(static_cast<match_const_t<Self, typename F::template ModelPart<Array>>&>(self)), ...);
    }
  };
  template <template <class> class Array>
  struct StateParts : F::template StatePart<Array>... {
    template <class Self>
    static auto tie_parts(Self& self) {
      return std::tuple_cat(
          static_cast<match_const_t<Self, typename F::template StatePart<Array>>&>(self).fields()...);
    }
  };
  template <class Builder>
  struct BuilderParts : F::template BuilderPart<Builder>... {};
  struct MetricParts : F::Metrics... {};
  struct OptionParts : F::Options... {};
  template <class Core>
  using Stages = std::tuple<typename F::template Stages<Core>...>;
  using Sums = SumsTuple<typename F::Sums...>;

  // The position of family G in the list.
  template <class G>
  static constexpr int index_of() {
    constexpr bool match[] = {std::is_same_v<G, F>...};
    for (size_t i = 0; i < kCount; ++i)
      if (match[i]) return int(i);
    return -1;
  }

  template <class G>
  struct Tag {
    using type = G;
  };
  // Calls fn(Tag<G>{}) for family G at `index`.
  template <class Fn>
  static void visit(int index, Fn&& fn) {
    each_index([&](auto i) {
      if (int(decltype(i)::value) == index) fn(Tag<family_at<decltype(i)::value>>{});
    });
  }

  template <class ModelT, class StateT>
  static void finalize(ModelT& m, StateT& s) {
    (F::finalize(m, s), ...);
  }

  // Metrics (metrics/measure_frame.h): the families' terms as one index range, then what each reads of
  // single items, its divergence, a probe's reading.
  template <class Exec, class ModelA, class StateA>
  static auto measure_terms(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    return chain_terms(F::template measure_term<Exec>(m, s, frame)...);
  }
  template <class Exec, class ModelA, class StateA>
  static void complete(Sums& sums, const ModelA& m, const StateA& s) {
    each_index([&](auto i) {
      using G = family_at<decltype(i)::value>;
      G::template complete<Exec>(sums_get<decltype(i)::value>(sums), m, s);
    });
  }
  static std::optional<Divergence> divergence(const Sums& sums) {
    std::optional<Divergence> first;
    each_index([&](auto i) {
      if (!first) first = family_at<decltype(i)::value>::divergence(sums_get<decltype(i)::value>(sums));
    });
    return first;
  }
  template <class Exec, class StateA>
  static ProbeReading probe(int family, const StateA& s, int index) {
    ProbeReading reading;
    each_index([&](auto i) {
      if (int(decltype(i)::value) == family)
        reading = family_at<decltype(i)::value>::template probe<Exec>(s, index);
    });
    return reading;
  }
  template <class Metrics, class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT& m, Real h) {
    each_index([&](auto i) {
      using G = family_at<decltype(i)::value>;
      G::finish(static_cast<typename G::Metrics&>(out), sums_get<decltype(i)::value>(sums), m, h);
    });
  }
  // Every family's columns, read from the whole metrics struct (of which each family's Metrics is a base).
  template <class Metrics>
  static void add_columns(std::vector<MetricColumn<Metrics>>& out) {
    each_index([&](auto i) {
      using G = family_at<decltype(i)::value>;
      for (auto& c : G::columns())
        out.push_back({c.name,
                       [value = c.value](const Metrics& m) {
                         return value(static_cast<const typename G::Metrics&>(m));
                       },
                       c.integer});
    });
  }
  template <class ModelT, class Metrics>
  static void report(const ModelT& m, const Metrics& metrics, ReportLines& out) {
    (F::report(m, static_cast<const typename F::Metrics&>(metrics), out), ...);
  }
  template <class ModelT, class Metrics>
  static void residuals(const ModelT& m, const Metrics& metrics, ResidualParts& out) {
    (F::residuals(m, static_cast<const typename F::Metrics&>(metrics), out), ...);
  }
  template <class ModelT, class Metrics>
  static void failures(const ModelT& m, const Metrics& metrics, FailureChecks& out) {
    (F::failures(m, static_cast<const typename F::Metrics&>(metrics), out), ...);
  }
  template <class ModelT>
  static void add_sizes(const ModelT& m, std::vector<ModelSize>& out) {
    (F::add_sizes(m, out), ...);
  }
  template <class Settings>
  static void add_options(std::vector<SettingSpec<Settings>>& out) {
    each_index([&](auto i) {
      using G = family_at<decltype(i)::value>;
      for (const auto& spec : G::options()) out.push_back(as_setting_of<Settings>(spec));
    });
  }
  // Each option of a family whose options do nothing in `m`, with the reason (Family::options_idle).
  template <class ModelT>
  static void add_idle_options(const ModelT& m, std::vector<std::pair<std::string, std::string>>& out) {
    each_index([&](auto i) {
      using G = family_at<decltype(i)::value>;
      if (const char* why = G::options_idle(m))
        for (const auto& spec : G::options()) out.push_back({spec.param.name, why});
    });
  }
  template <class Exec, class ModelA, class StateA>
  static auto draw_terms(const ModelA& m, const StateA& s) {
    return chain_draw_terms(F::template draw_term<Exec>(m, s)...);
  }

  // The frame driver's questions (world/).
  template <class ModelT>
  static const char* force_form_refusal(const ModelT& m) {
    const char* why = nullptr;
    ((why = why ? why : F::force_form_refusal(m)), ...);
    return why;
  }
  template <class ModelT>
  static bool drives(const ModelT& m) {
    return (F::drives(m) || ...);
  }
  template <class ModelT, class StateT>
  static void add_mass(const ModelT& m, const StateT& s, double& mass, double& top) {
    (F::add_mass(m, s, mass, top), ...);
  }
  template <class ModelT>
  static bool same_shape(const ModelT& a, const ModelT& b) {
    return (F::same_shape(a, b) && ...);
  }
  template <class ModelT>
  static bool holds_grab(const ModelT& m, const Grab& g) {
    return (F::holds_grab(m, g) || ...);
  }
  template <class ModelT, class SettingsT>
  static std::optional<HostOnly> host_only(const ModelT& m, const SettingsT& s) {
    std::optional<HostOnly> first;
    ((first = first ? first : F::host_only(m, s)), ...);
    return first;
  }
  template <class ModelT>
  static std::string stiffness(const ModelT& m) {
    return joined({F::stiffness(m)...});
  }
  template <class ModelT, class SettingsT>
  static std::string stepper(const ModelT& m, const SettingsT& s) {
    return joined({F::stepper(m, s)...});
  }

 private:
  // The non-empty parts, joined by ", ".
  static std::string joined(std::initializer_list<std::string> parts) {
    std::string out;
    for (const std::string& part : parts)
      if (!part.empty()) out += (out.empty() ? "" : ", ") + part;
    return out;
  }
  template <class Self, class Part>
  using match_const_t = std::conditional_t<std::is_const<Self>::value, const Part, Part>;
  template <size_t I>
  using family_at = std::tuple_element_t<I, std::tuple<F...>>;
  template <class Fn>
  static void each_index(Fn&& fn) {
    each_index(fn, std::make_index_sequence<kCount>{});
  }
  template <class Fn, size_t... I>
  static void each_index(Fn& fn, std::index_sequence<I...>) {
    (fn(std::integral_constant<size_t, I>{}), ...);
  }
};

// Calls f(stages) for every family's Stages in list order.
template <class Tuple, class Fn>
void for_each_family(Tuple& stages, Fn&& f) {
  std::apply([&](auto&... each) { (f(each), ...); }, stages);
}

// Calls f(stages, sums) for every family's Stages and its Sums, in list order.
template <class Tuple, class SumsT, class Fn>
void for_each_family_sums(Tuple& stages, SumsT& sums, Fn&& f) {
  for_each_family_sums(stages, sums, f, std::make_index_sequence<std::tuple_size<Tuple>::value>{});
}
template <class Tuple, class SumsT, class Fn, size_t... I>
void for_each_family_sums(Tuple& stages, SumsT& sums, Fn& f, std::index_sequence<I...>) {
  (f(std::get<I>(stages), sums_get<I>(sums)), ...);
}

}  // namespace SIM_PRECISION
}  // namespace sim
