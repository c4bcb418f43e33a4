// Model: what does not change while a scene runs — masses, rest data, the drawn surface, and each
// registered constraint family's part (families/family_list.h: model.distance, model.attachment, ...).
// Structure of arrays named entity_field (DESIGN.md).
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "collide/sdf_collider.h"
#include "constraints/ground_contact.h"
#include "core/aabb.h"
#include "core/index.h"
#include "core/vec3.h"
#include "families/family_list.h"
#include "model/arrays.h"

namespace sim {

template <template <class> class Array>
struct ModelArrays : Families::ModelParts<Array> {
  Array<Real> particle_inv_mass;         // w = 1/m [1/kg]; 0 pins the particle
  Array<Real> particle_radius;           // contact radius [m]
  Array<Vec3> particle_rest_x;           // position in the rest configuration [m] (self-collision exclusion)
  Array<Int3> surface_triangles;         // particle indices of the drawn surface (cloth)
  Array<int> particle_triangle_offsets;  // particle i's triangle slots are [offsets[i], offsets[i+1]) (n + 1)
  Array<int> particle_triangle_slots;    // slot 3t + e of triangle t's corner e: a vertex normal's terms
  Array<int> tracked_particles;          // whose mean displacement from rest the metrics report (a beam tip)

  auto fields() { return tie_fields(*this); }
  auto fields() const { return tie_fields(*this); }
  template <class Self>
  static auto tie_fields(Self& self) {
    return std::tuple_cat(
        std::tie(self.particle_inv_mass, self.particle_radius, self.particle_rest_x, self.surface_triangles,
                 self.particle_triangle_offsets, self.particle_triangle_slots, self.tracked_particles),
        Families::ModelParts<Array>::tie_parts(self));
  }
};

// A constraint whose force estimate λ/Δt_s² the scene reports every frame: a distance constraint (tension
// positive) or a rigid joint (the magnitude of the force its positional block applied).
struct Probe {
  std::string name;
  int distance_index = -1;  // index into the colour-sorted distance arrays, or
  int joint_index = -1;     // into the colour-sorted joint arrays
};

// Self-collision between particles: pairs found near each other's predicted end-of-frame positions and
// within r_i + r_j + margin at the start or at that end become contacts |x_i − x_j| ≥ r_i + r_j. Pairs closer than
// exclusion·(r_i + r_j) in the rest configuration never collide (cloth neighbours, which the
// constraints already keep apart).
struct SelfCollision {
  bool enabled = false;
  Real margin = 0.0;                   // detection margin [m]
  Real exclusion = 1.5;                // [-]
  Real max_depenetration_speed = 1.0;  // v_max of Eq. 10 [m/s]
};

// The drawn surface of the SDF collider, in world coordinates; host only.
struct ColliderMesh {
  std::vector<Vec3> vertices;  // [m]
  std::vector<Int3> triangles;  // counter-clockwise seen from outside
};

// A body whose height and sideways drift the metrics report (a stack's top), from where the scene put it.
struct TrackedBody {
  int body = -1;              // none
  Vec3 start{0.0, 0.0, 0.0};  // [m]
  std::string name;           // what the UI calls it ("box", "ball")
};

struct Model : ModelArrays<HostVector> {
  std::vector<int> colour_offsets;  // colour c owns distance constraints [offsets[c], offsets[c+1])
  Vec3 gravity{0.0, -9.81, 0.0};    // [m/s²]
  GroundPlane ground;
  BodyContactSettings body_contact;  // the rigid bodies' contacts
  TrackedBody tracked_body;
  ContainerWalls container;  // walls around the ground (the fluid's box)
  // The mouse grab holds every movable particle within this distance of the grabbed one, each at its offset
  // (a small region, so a fluid can be stirred); 0 holds the grabbed particle alone [m]
  Real grab_radius = 0.0;
  Aabb bounds{{-1e3, -1e3, -1e3}, {1e3, 1e3, 1e3}};  // leaving it counts as divergence
  // [m] a constraint pulled further than this past its rest state (FrameMetrics::max_extension) means the
  // physics failed though the state stayed finite; finalize() sets the shortest rest length (a link
  // stretched to twice its length); 0, no bound, for a model without distance constraints
  Real extension_bound = 0.0;
  std::vector<Probe> probes;
  SdfCollider collider;  // its field is bound to collider_phi and collider_slope by whoever samples it
  ColliderMesh collider_mesh;
  SelfCollision self_collision;
  std::vector<std::string> notes;  // what the scene wants the user told (e.g. a missing asset)

  // The collider with its field bound to this Model's host copy of φ.
  SdfCollider host_collider() const { return collider.bound_to(collider_phi.data(), collider_slope.data()); }

  int particle_count() const { return int(particle_inv_mass.size()); }
  int distance_count() const { return int(distance.rest_length.size()); }
  int attachment_count() const { return int(attachment.particle.size()); }
  int tet_count() const { return int(tet.particles.size()); }
  int colour_count() const { return int(colour_offsets.size()) - 1; }
  int body_count() const { return int(body.inv_mass.size()); }
  int joint_count() const { return int(joint.ends.size()); }
};

}  // namespace sim
