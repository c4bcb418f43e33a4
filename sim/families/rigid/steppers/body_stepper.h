// What moves the rigid bodies each substep, and their registry: the rigid_solver setting's choices. Each
// body stepper is a name, an enumerator and, for one that steps the bodies on the host once a substep
// (Giles & Andrews 2024's velocity-level solvers, §2.1 and §4), a factory; the rigid family picks the one
// the settings name once a frame (RigidFamily::Stages::configure) and nothing else asks which it is. XPBD on
// poses (Müller et al. 2020), projected inside Small Steps Algorithm 1's iterations on every backend, is the
// family's own stages: its entry has no factory. A host stepper reads and writes the bodies, the joints
// between bodies and the bodies' contact pairs through RigidHostView and writes its impulses back as the
// multipliers λ = P h [N·s²] the geometric stiffness reads (Algorithm 1, adaptive damping and hybrid run
// unchanged on it); the particles' joints and contacts follow in the family's passes with the bodies held.
// docs/ARCHITECTURE.md, "Adding a rigid solver", walks through adding one.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"
#include "families/rigid/rigid_data.h"
#include "model/grab.h"

namespace sim {
inline namespace SIM_PRECISION {

// The rigid_solver setting's enumerators: the built-in steppers'. A stepper registered elsewhere (a test's)
// takes a value of its own, RigidSolver{n}.
enum class RigidSolver : int {
  Xpbd = 0,    // Müller et al. 2020's XPBD on poses, inside Small Steps' iterations
  Pgs = 1,     // projected Gauss-Seidel on velocities (rigid_pgs.h)
  Direct = 2,  // LDLᵀ on the joints, block principal pivoting on the contacts (rigid_direct.h)
};

// The host steppers' settings (RigidFamily::Options).
struct BodyStepSettings {
  int iterations = 25;   // PGS sweeps a substep (and a direct fallback's)
  Real beta = 1.0;       // Baumgarte's β [-]
  int pivot_steps = 20;  // BPP's pivoting steps an island
  bool warm_start = true;
};

// The family's arrays a substep reads and writes, as host pointers (the CPU backend's own buffers).
struct RigidHostView {
  int bodies = 0;
  Position* x = nullptr;
  Vec3 *v = nullptr, *omega = nullptr;
  Quat* q = nullptr;
  const Real* w = nullptr;
  const Vec3* inv_inertia = nullptr;
  int joints = 0;
  JointTable joint{};
  JointLambda* lambda = nullptr;
  int pairs = 0;
  ContactPair* pair = nullptr;  // the bodies' own contact pairs (with each other and the world)
  Grab grab;                    // body ≥ 0: the grab of a body this substep
  Vec3 grab_target{};           // where its point is pulled this substep [m]
  Vec3* grab_lambda = nullptr;
  Vec3 gravity{};    // [m/s²]
  Real h = 0.0;      // Δt_s [s]
  Real v_max = 1.0;  // the fastest an overlap is pushed out [m/s]
};

// What a host stepper's solves did over a frame (the metrics' rigid_solver_iterations, lcp_*).
struct BodyStepStats {
  long long iterations = 0;  // PGS sweeps (with a fallback's and the friction passes')
  long long pivots = 0;      // BPP pivoting steps
  int fallbacks = 0;         // islands the direct solver left to PGS
  int fallback_reason = 0;   // the last fallback's FallbackReason (rigid_direct.h)
};

// A stepper that moves the bodies on the host once a substep, at its start, after the prediction of the
// particles: from the poses and velocities of the substep's start to those of its end.
class BodyStepper {
 public:
  virtual ~BodyStepper() = default;
  // Forgets what carries over from substep to substep (a reset, a new model).
  virtual void reset() {}
  virtual void substep(const RigidHostView& view, const BodyStepSettings& s) = 0;
  // The frame's counts so far, and a new frame.
  virtual BodyStepStats frame() const { return {}; }
  virtual void begin_frame() {}
};

struct BodyStepperEntry {
  std::string name;  // the setting's spelling: --rigid-solver <name>
  RigidSolver id;
  // A host stepper; none: XPBD on poses (the family's own stages, on every backend).
  std::function<std::unique_ptr<BodyStepper>()> make;
  bool on_host() const { return bool(make); }
};

// Every registered stepper: the built-in ones (body_steppers.cpp), then those registered since.
const std::vector<BodyStepperEntry>& body_steppers();
// The stepper registered as `id`; throws std::invalid_argument for none.
const BodyStepperEntry& body_stepper(RigidSolver id);
// Adds a stepper (a test's own: `const bool registered = register_body_stepper({...});`); returns true.
// Throws std::invalid_argument where its name or enumerator is taken. Register before the settings table is
// first read (registry/settings.h): its choices are copied then.
bool register_body_stepper(BodyStepperEntry entry);

// The view of a host-memory Core's bodies, joints and contact pairs (no grab; gravity and h unset).
template <class Core>
RigidHostView host_view(Core& core) {
  using Exec = typename Core::Exec;
  auto& m = core.model;
  auto& s = core.state;
  RigidHostView view;
  view.bodies = int(Exec::size(m.body.inv_mass));
  view.x = Exec::data(s.body.x);
  view.v = Exec::data(s.body.v);
  view.omega = Exec::data(s.body.omega);
  view.q = Exec::data(s.body.q);
  view.w = Exec::data(m.body.inv_mass);
  view.inv_inertia = Exec::data(m.body.inv_inertia);
  view.joints = int(Exec::size(m.joint.ends));
  view.joint = joint_table<Exec>(m.joint);
  view.lambda = Exec::data(s.joint.lambda);
  view.pairs = int(Exec::size(s.body_contact.pairs));
  view.pair = Exec::data(s.body_contact.pairs);
  return view;
}

}  // namespace SIM_PRECISION
}  // namespace sim
