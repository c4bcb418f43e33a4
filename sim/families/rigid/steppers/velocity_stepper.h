// The velocity-level body steppers of Giles & Andrews 2024 (§2.1, Eqs. 2-3), a substep at a time on the host:
//   u* = u + h M⁻¹ f             gravity and the gyroscopic torque, after Eq. 6's damping of ω when it is on
//                                (the damp hook's (I + hB)⁻¹ I ω, as on the XPBD path: with M̃ = M + hB in
//                                the rows too, as Andrews et al. 2017 write it, the swinging box diverged
//                                at frame 4 with 20 substeps)
//   rows J, targets −β φ/h       at the poses of the substep's start (rigid_rows.h)
//   solve for P = hλ⁺            the stepper's own solve: PGS (pgs_stepper.h) or direct (direct_stepper.h)
//   u⁺ = u* + M⁻¹ Jᵀ P,  q⁺ = q + h (u⁺ + PGS's split-impulse velocity) (rotations by exp(h ω))
// and the impulses written back as the XPBD multipliers the geometric stiffness reads (λ = P h [N·s²]), so
// that Algorithm 1, adaptive damping and the hybrid mode run unchanged on every solver. Warm start: each
// row starts from its impulse of the last substep, scaled by h/h_prev when N changed (P = f h); a joint's
// rows by joint and slot, a contact's by its body pair and the point on a within 1 cm.
#pragma once

#include <array>
#include <vector>

#include "families/rigid/steppers/body_stepper.h"
#include "families/rigid/steppers/rigid_rows.h"

namespace sim {
inline namespace SIM_PRECISION {

class VelocityStepper : public BodyStepper {
 public:
  void reset() override;
  void substep(const RigidHostView& view, const BodyStepSettings& s) override;
  BodyStepStats frame() const override { return frame_; }
  void begin_frame() override { frame_ = {}; }

 protected:
  // Solves the substep's rows (their impulses on entry: the warm start) for their impulses and applies them
  // to v and ω; split impulses' velocities go to bias_v, bias_omega (zero on entry); the work to frame_.
  virtual void solve(std::vector<RigidRow>& rows, const RigidHostView& view, const BodyStepSettings& s,
                     Vec3* bias_v, Vec3* bias_omega) = 0;
  BodyStepStats frame_;

 private:
  void build(const RigidHostView& view, const BodyStepSettings& s);
  void warm(const RigidHostView& view, const BodyStepSettings& s);
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
      bias_omega_;  // the split impulses' pseudo-velocities this substep (rigid_pgs.h) [m/s], [rad/s]
  std::vector<std::array<Real, 7>> joint_impulse_;  // per joint and slot, the last substep's [N·s] or [N·m·s]
  std::array<Real, 3> grab_impulse_{};
  std::vector<CachedPoint> points_;  // the last substep's contact impulses, sorted by pair
  Real h_prev_ = 0.0;                // 0: nothing to warm-start from
  std::vector<Vec3> friction_;       // write_back's friction impulse of each contact pair [N·s²]
};

}  // namespace SIM_PRECISION
}  // namespace sim
