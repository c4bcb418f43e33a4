// The ground contact family's solver part (families/ground/ground_family.h): per-particle flags (one bit per
// plane: the ground, a container's walls) set by the detection, per-particle multipliers per plane reset
// every substep. The substeps' passes run over the flagged particles' list (families/common/flagged_list.h).
#pragma once

#include "families/common/contact_stages.h"
#include "families/common/flagged_list.h"
#include "families/family.h"
#include "families/ground/ground_family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Core>
class GroundFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  void upload(Core& core, const HostModel& m) {
    core.model.ground = m.ground;  // the host-side members the metric term reads
    core.model.container = m.container;
    planes_ = contact_planes(m.ground, m.container);
    const size_t n = planes_.count > 0 ? size_t(core.particle_count()) : 0;
    Exec::resize(active_, n);
    Exec::resize(lambda_, n * kMaxContactPlanes);
  }

  void detect(Core& core, Vec3 gravity, Real dt) {
    if (planes_.count == 0) return;
    core.launch(core.particle_count(), DetectPlaneContacts{{core.x(), core.v(), core.w(), core.radius(),
                                                            Exec::data(active_), gravity, dt},
                                                           planes_});
    flagged_.build(core, Exec::data(active_), core.particle_count());
  }

  void begin_substep(Core& core, const Substep& sub) {
    if (!sub.passes_reset_multipliers()) core.clear(lambda_);
  }

  void project(Core& core, const Substep& sub) {
    if (planes_.count == 0) return;
    core.launch(flagged_.launch_size(),
                ProjectPlaneContacts{{flagged_.indices(), Exec::data(active_), core.x(), core.xn(), core.w(),
                                      core.radius(), Exec::data(lambda_), sub.h, sub.fresh_pass()},
                                     planes_});
  }

 private:
  ContactPlanes planes_;
  typename Exec::template Buffer<unsigned char> active_;  // bit k: a contact with plane k found
  FlaggedList<Core> flagged_;                             // the particles with a bit set
  typename Exec::template Buffer<ContactMultipliers> lambda_;  // kMaxContactPlanes per particle
};

}  // namespace SIM_PRECISION
}  // namespace sim
