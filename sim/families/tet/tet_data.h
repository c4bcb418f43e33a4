// The tet family's data (families/tet/tet_family.h): each tet's corners, rest shape and compliances, sorted
// by colour (no two tets of a colour share a particle), with each particle's list of the tet corners that
// touch it (slot 4t + e, the Jacobi gather).
#pragma once

#include <tuple>
#include <vector>

#include "constraints/tet_elasticity.h"
#include "core/index.h"

namespace sim {
inline namespace SIM_PRECISION {

// The material every tet of a Model shares.
struct TetMaterial {
  TetModel model = TetModel::StVK;
  Real young = 1e7;     // E [Pa]
  Real poisson = 0.45;  // ν [-]
  Real density = 1000;  // ρ [kg/m³]
};

template <template <class> class Array>
struct TetArrays {
  Array<Int4> particles;               // corners, positively oriented at rest (det D_m > 0), sorted by colour
  Array<Mat3> inv_rest;                // D_m⁻¹ [1/m]
  Array<Real> rest_volume;             // V [m³]
  Array<Real> compliance_deviatoric;   // α_D [1/(Pa·m³)]
  Array<Real> compliance_hydrostatic;  // α_H [1/(Pa·m³)]
  Array<int> incidence_offsets;        // particle i's slots are [offsets[i], offsets[i+1]) (n + 1)
  Array<int> incidence_slots;          // slot 4t + e of tet t's corner e, ascending per particle
  // Host side only (not copied to a backend): the shared material, γ and the rest values of C_D and C_H
  // (tet_compliance), and the colours: colour c owns tets [colour_offsets[c], colour_offsets[c+1]).
  TetMaterial material;
  TetCompliance constants{};
  std::vector<int> colour_offsets;

  template <class Self>
  static auto tie(Self& s) {
    return std::tie(s.particles, s.inv_rest, s.rest_volume, s.compliance_deviatoric, s.compliance_hydrostatic,
                    s.incidence_offsets, s.incidence_slots);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
