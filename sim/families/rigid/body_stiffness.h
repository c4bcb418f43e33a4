// The rigid family's geometric stiffness for adaptive substepping (Giles & Andrews 2024, Eqs. 1 and 4;
// solver/xpbd/stability.h): each body's rotational column block of K̃ = (∂Jᵀ/∂q) λ, summed over what holds it,
// with f the mean force of the last frame, Σ_s λ_s/(N Δt_s²) (families/common/frame_multipliers.h;
// constraints/geometric_stiffness.h):
//   a joint's positional block: the ball-and-socket form [f]×[r]× at its anchor (ball, hinge and fixed
//   joints alike), and its angular block ½[τ]×;
//   a contact point, with a body or a particle, that pushed: the same form with its normal force λ_n n
//   at the point (the paper's modification of the ball-and-socket form for non-penetration; the friction's
//   direction is not kept past the substep, so it is left out);
//   the mouse grab of a body: its pull at the grabbed point (its last substep's).
// The translational rows of these Jacobians do not depend on q, so a body's translations carry none, and a
// particle end (a chain's particle, a cloth particle against a box) carries none from them either.
#pragma once

#include <array>

#include "constraints/geometric_stiffness.h"
#include "families/rigid/pair_multipliers.h"
#include "families/rigid/rigid_data.h"

namespace sim {
inline namespace SIM_PRECISION {

// Kinds: the rigid family's contact kinds (families/rigid/contact_kinds.h), whose pair lists it reads.
template <int Kinds>
struct BodyStiffness {
  EndPoses poses;
  const Vec3* anchor_a;
  const Vec3* anchor_b;
  const JointLambda* joint_lambda;  // summed over the frame [N·s², N·m·s²]
  Real joint_scale;                 // 1/(N Δt_s²): the sums' mean force [1/s²]
  const int* joint_offsets;         // the joints' incidence over nodes (bodies first); null: no joints
  const int* joint_slots;
  std::array<BodyPairLists, Kinds> contacts;  // each kind's, in registration order
  int grab_body;                              // −1: no body grabbed
  Vec3 grab_local;                            // [m] body coordinates
  const Vec3* grab_lambda;                    // [N·s²]
  DofStiffness* body;  // each body's column (its three rotations), cleared before the pass
  Real inv_h2;         // StiffnessPass::inv_h2 [1/s²]
  SIM_HD void operator()(int b) const {
    const BodyPose pose = poses(b);
    Mat3 k = body[b].block;
    if (joint_offsets)
      for (int s = joint_offsets[b]; s < joint_offsets[b + 1]; ++s) {
        const int j = joint_slots[s] / 2;
        const Real sign = joint_slots[s] % 2 == 0 ? 1.0 : -1.0;  // λ is the impulse on end a
        const Vec3 r = rotate(pose.q, sign > 0.0 ? anchor_a[j] : anchor_b[j]);
        const JointLambda l = joint_lambda[j];
        k = k + point_force_stiffness((sign * joint_scale) * l.force, r) +
            angular_stiffness((sign * joint_scale) * l.torque);
      }
    for (const BodyPairLists& lists : contacts) k = k + contact_stiffness(lists, b, pose);
    if (b == grab_body) k = k + point_force_stiffness(inv_h2 * *grab_lambda, rotate(pose.q, grab_local));
    body[b].block = k;
  }

  // The points of body b's pairs that pushed: −λ_n n on end a, +λ_n n on end b (n points from a to b).
  SIM_HD Mat3 contact_stiffness(const BodyPairLists& lists, int b, const BodyPose& pose) const {
    Mat3 k{};
    if (!lists.offsets || !lists.lambda_n) return k;
    for (int s = lists.offsets[b]; s < lists.offsets[b + 1]; ++s) {
      const int pair = lists.end_slots ? lists.slots[s] / 2 : lists.slots[s];
      const ContactPair& c = lists.pairs[pair];
      const bool end_a = lists.end_slots ? lists.slots[s] % 2 == 0 : c.ends.a == b;
      for (int p = 0; p < c.count; ++p) {
        const Real lambda_n = lists.lambda_n[kMaxManifold * pair + p];
        if (!(lambda_n > 0.0)) continue;
        Vec3 ra, rb;
        contact_offsets(c, c.point[p], pose, pose, ra, rb);
        const Vec3 f = ((end_a ? -1.0 : 1.0) * lambda_n * lists.scale) * c.n;
        k = k + point_force_stiffness(f, end_a ? ra : rb);
      }
    }
    return k;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
