// ModelBuilder: scenes append particles and constraints on the host, straight into a Model and State in
// insertion order; finalize() colours the distance constraints and tets, sorts them by colour and returns
// the Model (fixed topology) with the initial State.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "model/state.h"

namespace sim {

struct Built {
  Model model;
  State state;
};

// The tets' compliances (and the material's γ and rest constraint values) from m.tet.material and each
// tet's rest volume: finalize() calls it, and so may whoever changes the material of a built Model.
void set_tet_compliance(Model& m);

// A joint's compliances, damping and hinge limits (JointArrays).
struct JointOptions {
  Real compliance = 0.0;          // α [m/N]
  Real angular_compliance = 0.0;  // α [rad/(N·m)]
  Real damping = 0.0;             // μ [1/s]
  Real limit_lo = 1.0;            // hinge limits [rad]; lo > hi: none
  Real limit_hi = -1.0;
};

class ModelBuilder {
 public:
  // mass [kg]; 0 pins the particle (inverse mass 0). radius [m]. Returns the particle index.
  int add_particle(Vec3 x, Real mass, Real radius, Vec3 v = {0.0, 0.0, 0.0});
  void pin(int particle);  // inverse mass 0: the particle stays where it is
  // compliance α [m/N] (0 = inextensible), damping β [N·s/m]; the rest length is the current distance
  // unless given (≥ 0). Returns the constraint id used by add_probe().
  int add_distance(int a, int b, Real compliance, Real damping = 0.0, Real rest_length = -1.0,
                   DistanceKind kind = DistanceKind::Other);
  int add_attachment(int particle, Vec3 target, Real compliance);
  // A tetrahedron over four distinct particles, its rest shape their current positions; throws when that
  // shape is inverted (a, b, c, d must satisfy ((b − a) × (c − a))·(d − a) > 0) or degenerate.
  void add_tet(int a, int b, int c, int d);
  // The material of every tet (compliances follow from it at finalize()); throws for E ≤ 0, ν outside
  // (0, ½) or ρ ≤ 0.
  void set_tet_material(const TetMaterial& material);
  // Particles whose mean displacement from rest the metrics report (a beam's tip).
  void track_particle(int particle);
  void add_probe(std::string name, int distance_id);

  // A rigid body (families/rigid_family.h) of `shape` and `size` (BodyArrays::size) with uniform density:
  // mass [kg] (0: it never moves), centre at x [m], turned by q, moving at v [m/s] and ω [rad/s] (world).
  // Throws for a bad shape or mass. Returns the body index.
  int add_body(BodyShape shape, Vec3 size, Real mass, Vec3 x, Quat q = quat_identity(),
               Vec3 v = {0.0, 0.0, 0.0}, Vec3 omega = {0.0, 0.0, 0.0});
  // Body `body`'s friction and restitution (constraints/body_contact.h); throws for μ < 0, μ_k > μ_s or e
  // outside [0, 1].
  void set_body_material(int body, const SurfaceMaterial& material);
  void set_body_contact(const BodyContactSettings& settings) { built_.model.body_contact = settings; }
  const BodyContactSettings& body_contact() const { return built_.model.body_contact; }
  // The body whose height and drift the metrics report (a stack's top), from where it is now, by name.
  void track_body(int body, std::string name);
  // A joint between ends a and b (a body index, kWorldEnd or particle_end(p), constraints/joint.h) at the
  // world point `point` [m], its frame's x axis along `axis` (the hinge axis), anchors and frames taken from
  // the ends' current poses so that it starts satisfied. Throws for bad ends. Returns the joint id
  // (add_joint_probe).
  int add_joint(JointKind kind, int a, int b, Vec3 point, Vec3 axis, const JointOptions& options = {});
  void add_joint_probe(std::string name, int joint_id);
  int body_count() const { return built_.model.body_count(); }
  // A triangle of the drawn surface (counter-clockwise seen from its front); not a constraint.
  void add_triangle(int a, int b, int c);
  void set_gravity(Vec3 g) { built_.model.gravity = g; }
  void set_ground(const GroundPlane& ground) { built_.model.ground = ground; }
  void set_container(const ContainerWalls& walls) { built_.model.container = walls; }
  void set_bounds(const Aabb& bounds) { built_.model.bounds = bounds; }
  // The SDF collider: its placement and material, φ at its grid nodes (collider.sdf gives the layout;
  // its pointer is ignored) and the mesh to draw.
  void set_collider(const SdfCollider& collider, std::vector<float> phi, ColliderMesh mesh);
  void set_self_collision(const SelfCollision& self) { built_.model.self_collision = self; }
  // The particles [first, first + count) are one fluid (families/fluid_family.h); each must have the
  // material's mass, or be pinned. Checked at finalize().
  void set_fluid(const FluidBlock& fluid) { built_.model.fluid = fluid; }
  void set_grab_radius(Real radius) { built_.model.grab_radius = radius; }  // Model::grab_radius [m]
  void add_note(std::string note) { built_.model.notes.push_back(std::move(note)); }

  Vec3 position(int particle) const { return built_.state.particle_x[size_t(particle)]; }
  Real radius(int particle) const { return built_.model.particle_radius[size_t(particle)]; }
  int particle_count() const { return built_.model.particle_count(); }

  // Throws std::invalid_argument on an inconsistent scene (bad index, two attachments on a particle).
  Built finalize() const;

 private:
  // Distance constraints and probes in insertion order (probes name constraints by insertion id);
  // everything else as finalize() returns it, except the multipliers, sized there.
  Built built_;
};

}  // namespace sim
