// The ground contact family's solver part (families/ground_family.h): per-particle flags set by the
// detection, per-particle multipliers reset every substep.
#pragma once

#include "families/contact_stages.h"
#include "families/ground_family.h"
#include "solver/solver_core.h"

namespace sim {

template <class Exec>
class GroundFamily::Stages : public FamilyHooks {
 public:
  void upload(SolverCore<Exec>& core, const Model& m) {
    ground_ = m.ground;
    const size_t n = ground_.enabled ? size_t(core.particle_count()) : 0;
    Exec::resize(active_, n);
    Exec::resize(lambda_, n);
  }

  void detect(SolverCore<Exec>& core, Vec3 gravity, Real dt) {
    if (!ground_.enabled) return;
    core.launch(core.particle_count(), DetectGroundContacts{{core.x(), core.v(), core.w(), core.radius(),
                                                             Exec::data(active_), gravity, dt},
                                                            ground_});
  }

  void begin_substep(SolverCore<Exec>& core, const Substep&) { core.clear(lambda_); }

  void project(SolverCore<Exec>& core, const Substep& sub) {
    if (!ground_.enabled) return;
    core.launch(core.particle_count(),
                ProjectGroundContacts{{Exec::data(active_), core.x(), core.xn(), core.w(), core.radius(),
                                       Exec::data(lambda_), sub.h},
                                      ground_});
  }

 private:
  GroundPlane ground_;
  typename Exec::template Buffer<unsigned char> active_;  // a contact found by the detection
  typename Exec::template Buffer<ContactMultipliers> lambda_;
};

}  // namespace sim
