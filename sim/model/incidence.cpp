#include "model/incidence.h"

#include <cstddef>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// Element k with `Arity` particles owns slots Arity·k … Arity·k + Arity − 1; end(element, e) is its e-th
// particle, or negative for an end without one (a joint's world end), whose slot nobody gathers.
template <int Arity, class Element, class End>
Incidence incidence_of(const std::vector<Element>& elements, int particle_count, End end) {
  Incidence out;
  out.offsets.assign(size_t(particle_count) + 1, 0);
  for (const Element& el : elements)
    for (int e = 0; e < Arity; ++e)
      if (end(el, e) >= 0) ++out.offsets[size_t(end(el, e)) + 1];
  for (size_t i = 1; i < out.offsets.size(); ++i) out.offsets[i] += out.offsets[i - 1];
  out.slots.resize(size_t(out.offsets.back()));
  std::vector<int> fill(out.offsets.begin(), out.offsets.end() - 1);
  for (size_t k = 0; k < elements.size(); ++k)  // ascending k gives ascending slots
    for (int e = 0; e < Arity; ++e)
      if (end(elements[k], e) >= 0)
        out.slots[size_t(fill[size_t(end(elements[k], e))]++)] = int(Arity * k) + e;
  return out;
}

}  // namespace

Incidence pair_incidence(const std::vector<Int2>& particles_of_constraint, int particle_count) {
  return incidence_of<2>(particles_of_constraint, particle_count,
                         [](const Int2& p, int e) { return e == 0 ? p.a : p.b; });
}

Incidence triangle_incidence(const std::vector<Int3>& triangles, int particle_count) {
  return incidence_of<3>(triangles, particle_count, [](const Int3& t, int e) {
    return e == 0 ? t.a : e == 1 ? t.b : t.c;
  });
}

Incidence tet_incidence(const std::vector<Int4>& tets, int particle_count) {
  return incidence_of<4>(tets, particle_count, [](const Int4& t, int e) {
    return e == 0 ? t.a : e == 1 ? t.b : e == 2 ? t.c : t.d;
  });
}

}  // namespace SIM_PRECISION
}  // namespace sim
