// chain: particles joined by distance constraints, the top one pinned (Small Steps §6.1, Figures 3-4:
// 20 particles of 1 kg, links of 0.01 m; the top link carries the weight of the 19 below it).
// An optional heavy last particle gives the mass-ratio stress test (ratio 1:100000 in the paper).
#include <cmath>

#include "constraints/xpbd.h"
#include "scenes/scene.h"
#include "scenes/swing_reach.h"

namespace sim {
inline namespace SIM_PRECISION {

SceneDef make_chain_scene() {
  SceneDef def;
  def.name = "chain";
  def.description =
      "Chain of particles under gravity, top pinned; optional heavy last mass (Small Steps 6.1)";
  def.params = {
      {"particles", ParamType::Int, 20, 2, 100000, "", "number of particles, the pinned top one included"},
      {"mass", ParamType::Real, 1.0, 1e-6, 1e6, "kg", "mass of each particle"},
      {"link_length", ParamType::Real, 0.01, 1e-4, 10.0, "m", "rest length of each link"},
      {"heavy_mass", ParamType::Real, 0.0, 0.0, 1e9, "kg",
       "mass of the last particle; 0 keeps it equal to the others"},
      {"compliance", ParamType::Real, 0.0, 0.0, 1.0, "m/N", "link compliance α = 1/k; 0 is inextensible",
       false},
      {"damping", ParamType::Real, 0.0, 0.0, 1e6, "N*s/m",
       "link damping β (Eq. 8); acts only with compliance > 0", false},
      {"angle", ParamType::Real, 0.0, 0.0, 180.0, "deg",
       "initial angle of the chain from the downward vertical"},
      {"stretch", ParamType::Real, 0.0, 0.0, 10.0, "m",
       "initial extension of each link beyond its rest length (2 particles, no gravity, compliance 1/k: "
       "the harmonic oscillator of the integrator experiments)"},
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
      {"pin_top", ParamType::Bool, 1, 0, 1, "", "pin the first particle (inverse mass 0)"},
  };
  def.build = [](const ParamSet& p) {
    const int n = p.get_int("particles");
    const Real mass = Real(p.get("mass"));
    const Real link = Real(p.get("link_length"));
    const Real heavy = Real(p.get("heavy_mass"));
    const Real angle = Real(p.get("angle") * M_PI / 180.0);
    const Real alpha = Real(p.get("compliance"));
    const Real beta = Real(p.get("damping"));
    const Real stretch = Real(p.get("stretch"));
    const Real top = link * Real(n) + 0.5;  // [m] the pin sits above the hanging chain
    const Vec3 dir{std::sin(angle), -std::cos(angle), 0.0};

    ModelBuilder b;
    // Eq. 8 damps through γ = αβ/h, which vanishes with α: faithful to the paper, surprising in a slider.
    if (beta > 0.0 && alpha == 0.0)
      b.add_note(
          "link damping has no effect on inextensible links (compliance 0): Eq. 8 damps through "
          "γ = αβ/h; give the links a compliance, or use the solver's velocity damping");
    b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
    const Real span = 10.0 * link * Real(n) + 100.0;
    b.set_bounds({{-span, -span, -span}, {span, span, span}});
    for (int i = 0; i < n; ++i) {
      const Real m = (i == 0 && p.get_bool("pin_top")) ? 0.0 : (i == n - 1 && heavy > 0.0) ? heavy : mass;
      b.add_particle(Vec3{0.0, top, 0.0} + ((link + stretch) * Real(i)) * dir, m, 0.25 * link);
    }
    for (int i = 0; i + 1 < n; ++i) {
      const int id = b.add_distance(i, i + 1, alpha, beta, link);
      if (i == 0) b.add_probe("top_link", id);
    }
    b.set_motion(swing_reach({0.0, top, 0.0}, (link + stretch) * Real(n - 1), angle, {1.0, 0.0, 0.0}));
    b.set_energy_length(link * Real(n - 1));  // the chain's length
    return b.finalize();
  };
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
