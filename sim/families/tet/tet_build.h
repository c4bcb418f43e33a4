// The tet family's builder part (registry/builder.h's ModelBuilder inherits it) and its finalize: the tets
// coloured in insertion order (first fit) and sorted by colour, their compliances from the material and
// each rest volume (set_tet_compliance), each particle's corner slots, and the multipliers.
#pragma once

#include <stdexcept>
#include <string>

#include "families/tet/tet_data.h"
#include "model/colouring.h"
#include "model/incidence.h"

namespace sim {
inline namespace SIM_PRECISION {

// The tets' compliances (and the material's γ and rest constraint values) from their material and each
// tet's rest volume: finalize calls it, and so may whoever changes the material of a built Model.
template <class ModelT>
void set_tet_compliance(ModelT& m) {
  const TetMaterial& material = m.tet.material;
  const Lame lame = lame_from_young(material.young, material.poisson);
  m.tet.constants = tet_compliance(material.model, lame, 1.0);
  m.tet.compliance_deviatoric.resize(m.tet.rest_volume.size());
  m.tet.compliance_hydrostatic.resize(m.tet.rest_volume.size());
  for (size_t t = 0; t < m.tet.rest_volume.size(); ++t) {
    const TetCompliance c = tet_compliance(material.model, lame, m.tet.rest_volume[t]);
    m.tet.compliance_deviatoric[t] = c.deviatoric;
    m.tet.compliance_hydrostatic[t] = c.hydrostatic;
  }
}

template <class Builder>
struct TetBuilder {
  // A tetrahedron over four distinct particles, its rest shape their current positions; throws when that
  // shape is inverted (a, b, c, d must satisfy ((b − a) × (c − a))·(d − a) > 0) or degenerate.
  void add_tet(int a, int b, int c, int d) {
    Builder& self = static_cast<Builder&>(*this);
    const int n = self.particle_count();
    const int corner[4] = {a, b, c, d};
    for (int e = 0; e < 4; ++e) {
      if (corner[e] < 0 || corner[e] >= n)
        throw std::invalid_argument("tet corner " + std::to_string(corner[e]) + " is not a particle");
      for (int f = 0; f < e; ++f)
        if (corner[e] == corner[f])
          throw std::invalid_argument("tet with corner " + std::to_string(corner[e]) + " twice");
    }
    const Vec3 x[4] = {self.position(a), self.position(b), self.position(c), self.position(d)};
    const Mat3 rest = edge_matrix(x);
    const Real six_volume = determinant(rest);
    const std::string name = "tet (" + std::to_string(a) + ", " + std::to_string(b) + ", " +
                             std::to_string(c) + ", " + std::to_string(d) + ")";
    if (degenerate_tet(rest))
      throw std::invalid_argument(name + " is degenerate: its corners are (nearly) coplanar");
    if (six_volume < 0.0) throw std::invalid_argument(name + " is inverted: its rest volume is negative");
    auto& tet = self.model().tet;
    tet.particles.push_back({a, b, c, d});
    tet.inv_rest.push_back(inverse(rest));
    tet.rest_volume.push_back(six_volume / 6.0);
  }
  // The material of every tet (compliances follow from it at finalize); throws for E ≤ 0, ν outside
  // (0, ½) or ρ ≤ 0.
  void set_tet_material(const TetMaterial& material) {
    if (!(material.young > 0.0) || !(material.poisson > 0.0 && material.poisson < 0.5) ||
        !(material.density > 0.0))
      throw std::invalid_argument("tet material needs E > 0, 0 < ν < 0.5 and ρ > 0");
    static_cast<Builder&>(*this).model().tet.material = material;
  }
};

template <class ModelT, class StateT>
void finalize_tets(ModelT& m, StateT& s) {
  const int n = m.particle_count();
  const Colouring colours = colour_tets(m.tet.particles, n);
  m.tet.colour_offsets = colours.offsets;
  permute(m.tet.particles, colours.order);
  permute(m.tet.inv_rest, colours.order);
  permute(m.tet.rest_volume, colours.order);
  set_tet_compliance(m);
  Incidence corners = tet_incidence(m.tet.particles, n);
  m.tet.incidence_offsets = std::move(corners.offsets);
  m.tet.incidence_slots = std::move(corners.slots);
  s.tet.lambda.assign(2 * m.tet.particles.size(), 0.0);
}

}  // namespace SIM_PRECISION
}  // namespace sim
