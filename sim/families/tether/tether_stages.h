// The tethers' solver part (families/tether/tether_family.h): while Settings::tethers is on, every
// iteration projects each tether C = |x − x_a| − L ≤ 0 onto its particle alone (its anchor is pinned, so
// the whole correction is the particle's, Kim et al. 2012 Eq. 3). A particle has at most one tether and an
// anchor never moves: all tethers run in one parallel pass, on either solver order. Under a force-based
// integrator they have no energy and are projected once after the step, like the contacts.
#pragma once

#include "core/position.h"
#include "families/family.h"
#include "families/tether/tether_family.h"

namespace sim {
inline namespace SIM_PRECISION {

struct ProjectTethers {
  const int* particle;
  const int* anchor;
  const Real* max_length;
  Position* x;
  SIM_HD void operator()(int k) const {
    const int i = particle[k];
    const Vec3 d = x[i] - x[anchor[k]];
    const Real distance = length(d);
    if (distance > max_length[k]) x[i] -= ((distance - max_length[k]) / distance) * d;
  }
};

template <class Core>
class TetherFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;

  template <class Settings>
  void configure(Core& core, const Settings& settings) {
    on_ = settings.tethers && Exec::size(core.model.tether.particle) > 0;
    core.model.tethers_on = on_;
  }

  void project(Core& core, const Substep&) {
    if (!on_) return;
    const auto& t = core.model.tether;
    core.launch(int(Exec::size(t.particle)), ProjectTethers{Exec::data(t.particle), Exec::data(t.anchor),
                                                            Exec::data(t.max_length), core.x()});
  }

 private:
  bool on_ = false;
};

}  // namespace SIM_PRECISION
}  // namespace sim
