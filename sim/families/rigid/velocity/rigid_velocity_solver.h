// The velocity-level rigid solvers of Giles & Andrews 2024 (§2.1, Eqs. 2-3), a substep at a time on the host:
//   u* = u + h M⁻¹ f             gravity and the gyroscopic torque, after Eq. 6's damping of ω when it is on
//                                (the damp hook's (I + hB)⁻¹ I ω, as on the XPBD path: with M̃ = M + hB in
//                                the rows too, as Andrews et al. 2017 write it, the swinging box diverged
//                                at frame 4 with 20 substeps)
//   rows J, targets −β φ/h       at the poses of the substep's start (rigid_rows.h)
//   solve for P = hλ⁺            PGS (rigid_pgs.h) or the direct solver (rigid_direct.h)
//   u⁺ = u* + M⁻¹ Jᵀ P,  q⁺ = q + h (u⁺ + PGS's split-impulse velocity) (rotations by exp(h ω))
// and the impulses written back as the XPBD multipliers the geometric stiffness reads (λ = P h [N·s²]), so
// that Algorithm 1, adaptive damping and the hybrid mode run unchanged on every solver. Warm start: each
// row starts from its impulse of the last substep, scaled by h/h_prev when N changed (P = f h); a joint's
// rows by joint and slot, a contact's by its body pair and the point on a within 1 cm.
#pragma once

#include <array>
#include <vector>

#include "families/rigid/rigid_data.h"
#include "families/rigid/velocity/rigid_direct.h"
#include "families/rigid/velocity/rigid_rows.h"
#include "model/grab.h"

namespace sim {

enum class RigidSolver : int {
  Xpbd = 0,    // Müller et al. 2020's XPBD on poses, inside Small Steps' iterations
  Pgs = 1,     // projected Gauss-Seidel on velocities
  Direct = 2,  // LDLᵀ on the joints, block principal pivoting on the contacts
};

struct VelocitySolveSettings {
  RigidSolver solver = RigidSolver::Pgs;
  int iterations = 25;   // PGS sweeps a substep (and a fallback's)
  Real beta = 1.0;       // Baumgarte's β [-]
  int pivot_steps = 20;  // BPP's pivoting steps an island
  bool warm_start = true;
};

// The family's arrays a substep reads and writes, as host pointers (the CPU backend's own buffers).
struct RigidHostView {
  int bodies = 0;
  Vec3 *x = nullptr, *v = nullptr, *omega = nullptr;
  Quat* q = nullptr;
  const Real* w = nullptr;
  const Vec3* inv_inertia = nullptr;
  int joints = 0;
  JointTable joint{};
  JointLambda* lambda = nullptr;
  int pairs = 0;
  ContactPair* pair = nullptr;
  Grab grab;           // body ≥ 0: the grab of a body this substep
  Vec3 grab_target{};  // where its point is pulled this substep [m]
  Vec3* grab_lambda = nullptr;
  Vec3 gravity{};    // [m/s²]
  Real h = 0.0;      // Δt_s [s]
  Real v_max = 1.0;  // the fastest an overlap is pushed out [m/s]
};

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
  view.pairs = int(Exec::size(s.contact.pairs));
  view.pair = Exec::data(s.contact.pairs);
  return view;
}

// What the solves of a frame did.
struct VelocityFrameStats {
  long long iterations = 0;                      // PGS sweeps (with a fallback's and the friction passes')
  long long pivots = 0;                          // BPP pivoting steps
  int fallbacks = 0;                             // islands the direct solver left to PGS
  FallbackReason reason = FallbackReason::None;  // the last fallback's
};

class RigidVelocitySolver {
 public:
  // Forgets the warm start (a reset, a new model).
  void reset();
  void substep(const RigidHostView& view, const VelocitySolveSettings& s);
  // The frame's counts so far, and a new frame.
  const VelocityFrameStats& frame() const { return frame_; }
  void begin_frame() {
    frame_ = {};
    dependent_.clear();
  }

 private:
  void build(const RigidHostView& view, const VelocitySolveSettings& s);
  void warm(const RigidHostView& view, const VelocitySolveSettings& s);
  void write_back(const RigidHostView& view);
  void remember(const RigidHostView& view);

  struct CachedPoint {
    Int2 ends;
    Vec3 r_a;                     // the point on a, in a's coordinates [m]
    std::array<Real, 3> impulse;  // normal, two tangents [N·s]
    static bool by_pair(const CachedPoint& x, const CachedPoint& y) {
      return x.ends.a != y.ends.a ? x.ends.a < y.ends.a : x.ends.b < y.ends.b;
    }
  };
  RowSet set_;
  std::vector<RowBody> bodies_;
  std::vector<Vec3> bias_v_,
      bias_omega_;  // PGS's pseudo-velocities this substep (rigid_pgs.h) [m/s], [rad/s]
  std::vector<std::array<Real, 7>> joint_impulse_;  // per joint and slot, the last substep's [N·s] or [N·m·s]
  std::array<Real, 3> grab_impulse_{};
  std::vector<CachedPoint> points_;  // the last substep's contact impulses, sorted by pair
  Real h_prev_ = 0.0;                // 0: nothing to warm-start from
  VelocityFrameStats frame_;
  std::vector<int> order_;      // PGS's sweep order: every row, in order (kept: no allocation a substep)
  std::vector<Vec3> friction_;  // write_back's friction impulse of each contact pair [N·s²]
  DependentRows dependent_;     // the direct solver's dependent joint rows, found once a frame
};

}  // namespace sim
