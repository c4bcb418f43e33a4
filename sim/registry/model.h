// Model: what does not change while a scene runs — the particles (model/particles.h), each registered
// family's part (registry/family_list.h: model.distance, model.body, model.collider, ...), and the scene's
// few settings that belong to no family. Structure of arrays named entity_field.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "core/aabb.h"
#include "core/vec3.h"
#include "model/arrays.h"
#include "model/particles.h"
#include "registry/family_list.h"

namespace sim {
inline namespace SIM_PRECISION {

template <template <class> class Array>
struct ModelArrays : ParticleArrays<Array>, Families::ModelParts<Array> {
  auto fields() { return tie_fields(*this); }
  auto fields() const { return tie_fields(*this); }
  template <class Self>
  static auto tie_fields(Self& self) {
    return std::tuple_cat(ParticleArrays<Array>::tie(self), Families::ModelParts<Array>::tie_parts(self));
  }
};

// The scene's settings that belong to no family.
struct SceneModel {
  Vec3 gravity{0.0, -9.81, 0.0};  // [m/s²]
  // The mouse grab holds every movable particle within this distance of the grabbed one, each at its offset
  // (a small region, so a fluid can be stirred); 0 holds the grabbed particle alone [m]
  Real grab_radius = 0.0;
  Aabb bounds{{-1e3, -1e3, -1e3}, {1e3, 1e3, 1e3}};  // leaving it counts as divergence
  // Where the scene's motion stays (the swing of what hangs from a pin: scenes/swing_reach.h), for the
  // camera to frame at the start beside what is drawn; empty (lo above hi): the drawn bounds alone [m]
  Aabb motion{{1.0, 1.0, 1.0}, {-1.0, -1.0, -1.0}};
  // [m] a constraint pulled further than this past its rest state (CommonMetrics::max_extension) means the
  // physics failed though the state stayed finite; the families' finalize sets it (the distance family: its
  // shortest rest length, a link stretched to twice its length); 0, no bound
  Real extension_bound = 0.0;
  // L_s [m]: the scene's characteristic length (a chain's length, a cloth's drop height, a stack's height, a
  // beam's length), declared by the scene; its energy scale E_s is its moving mass × |g| × L_s plus its
  // initial kinetic energy (World::energy_scale). 0: the drop World::energy_budget uses
  Real energy_length = 0.0;
  // [-] the verdict's energy line (World::energy_rise): the total may rise above its reference by this share
  // of E_s before the physics failed ("energy grew"); a scene that states another bound says why there
  Real energy_rise_bound = 0.01;
  std::vector<Probe> probes;
  std::vector<std::string> notes;  // what the scene wants the user told (e.g. a missing asset)
};

struct Model : ModelArrays<HostVector>, SceneModel {
  int particle_count() const { return int(particle_inv_mass.size()); }
  // Family F's position in registry/family_list.h (a Probe's family).
  template <class F>
  static constexpr int family_index() {
    return Families::index_of<F>();
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
