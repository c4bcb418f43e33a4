// The tetrahedral elasticity family's data and metric term: each tet carries the deviatoric and the
// hydrostatic constraint of constraints/tet_elasticity.h (Macklin & Müller 2021), with compliances from
// the Lamé parameters and its rest volume. Tets are stored sorted by colour (no two tets of a colour
// share a particle) with each particle's list of the tet corners that touch it (slot 4t + e, the Jacobi
// gather). Its solver stages: families/tet_stages.h.
#pragma once

#include <cmath>
#include <tuple>
#include <vector>

#include "constraints/tet_elasticity.h"
#include "core/index.h"
#include "families/family.h"
#include "metrics/metric_terms.h"

namespace sim {

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

// Tet t: the energies and residuals of its two constraints, and its volume error |V/V₀ − 1|. The elastic
// energy is the strain energy C²/(2α) of both constraints less its value at rest (where the Neo-Hookean
// constraints are not zero), not the ½α(λ/h²)² of the other families: λ of a constraint that is not
// zero at rest holds the rest stress too.
struct MeasureTet {
  const Int4* particles;
  const Mat3* inv_rest;
  const Real* rest_volume;
  const Real* alpha_d;
  const Real* alpha_h;
  const Real* lambda;  // 2 per tet
  const Vec3* x;
  TetModel model;
  TetCompliance constants;
  Real h;
  int count;
  SIM_HD void operator()(int t, ConstraintSums& s) const {
    const Int4 p = particles[t];
    const Vec3 xs[4] = {x[p.a], x[p.b], x[p.c], x[p.d]};
    const Mat3 F = edge_matrix(xs) * inv_rest[t];
    const double Cd = tet_deviatoric(model, F).C;
    const double J = determinant(F);
    const double Ch = J - constants.gamma;
    add_residual(s, Cd, alpha_d[t], lambda[2 * t], h, kTetDeviatoric);
    add_residual(s, Ch, alpha_h[t], lambda[2 * t + 1], h, kTetHydrostatic);
    const double rd = constants.rest_deviatoric, rh = constants.rest_hydrostatic;
    const double energy = (Cd * Cd - rd * rd) / (2.0 * alpha_d[t]) + (Ch * Ch - rh * rh) / (2.0 * alpha_h[t]);
    s.elastic += energy;
    s.violation += energy;
    const double volume_error = fabs(J - 1.0);  // V/V₀ = det F
    s.volume_error_sum += volume_error;
    s.volume_error_max = max_number(s.volume_error_max, volume_error);
    s.volumes += 1;
  }
};

struct TetFamily {
  template <template <class> class Array>
  struct ModelPart {
    TetArrays<Array> tet;
    auto fields() { return TetArrays<Array>::tie(tet); }
    auto fields() const { return TetArrays<Array>::tie(tet); }
  };
  template <template <class> class Array>
  struct StatePart {
    struct {
      Array<Real> lambda;  // λ_D, λ_H of tet t at 2t, 2t + 1 [J·s²], colour-sorted like the Model's tets
    } tet;
    auto fields() { return std::tie(tet.lambda); }
    auto fields() const { return std::tie(tet.lambda); }
  };
  template <class Exec>
  class Stages;

  template <class Exec, class ModelA, class StateA>
  static MeasureTet measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    return {Exec::data(m.tet.particles),
            Exec::data(m.tet.inv_rest),
            Exec::data(m.tet.rest_volume),
            Exec::data(m.tet.compliance_deviatoric),
            Exec::data(m.tet.compliance_hydrostatic),
            Exec::data(s.tet.lambda),
            Exec::data(s.particle_x),
            m.tet.material.model,
            m.tet.constants,
            frame.h,
            int(Exec::size(m.tet.particles))};
  }
};

}  // namespace sim
