// The ground contact family's solver part (families/ground_family.h): per-particle flags (one bit per
// plane: the ground, a container's walls) set by the detection, per-particle multipliers per plane reset
// every substep.
#pragma once

#include "families/contact_stages.h"
#include "families/ground_family.h"
#include "solver/solver_core.h"

namespace sim {

template <class Exec>
class GroundFamily::Stages : public FamilyHooks {
 public:
  void upload(SolverCore<Exec>& core, const Model& m) {
    planes_ = contact_planes(m.ground, m.container);
    const size_t n = planes_.count > 0 ? size_t(core.particle_count()) : 0;
    Exec::resize(active_, n);
    Exec::resize(lambda_, n * kMaxContactPlanes);
  }

  void detect(SolverCore<Exec>& core, Vec3 gravity, Real dt) {
    if (planes_.count == 0) return;
    core.launch(core.particle_count(), DetectPlaneContacts{{core.x(), core.v(), core.w(), core.radius(),
                                                            Exec::data(active_), gravity, dt},
                                                           planes_});
  }

  void begin_substep(SolverCore<Exec>& core, const Substep& sub) {
    if (!sub.passes_reset_multipliers()) core.clear(lambda_);
  }

  void project(SolverCore<Exec>& core, const Substep& sub) {
    if (planes_.count == 0) return;
    core.launch(core.particle_count(),
                ProjectPlaneContacts{{Exec::data(active_), core.x(), core.xn(), core.w(), core.radius(),
                                      Exec::data(lambda_), sub.h, sub.fresh_pass()},
                                     planes_});
  }

 private:
  ContactPlanes planes_;
  typename Exec::template Buffer<unsigned char> active_;  // bit k: a contact with plane k found
  typename Exec::template Buffer<ContactMultipliers> lambda_;  // kMaxContactPlanes per particle
};

}  // namespace sim
