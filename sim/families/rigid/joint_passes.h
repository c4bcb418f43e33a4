// The joints' passes (constraints/joint.h, Müller et al. 2020 §3.4 and §3.6; run by
// families/rigid/rigid_stages.h): Gauss-Seidel colour by colour, or Jacobi through per-end slots with each
// end's inverse masses split n/ω ways (gathered by GatherPoseCorrections), and the velocity pass that damps
// each joint's relative motion.
#pragma once

#include "constraints/joint.h"
#include "families/rigid/body_ends.h"

namespace sim {
inline namespace SIM_PRECISION {

struct JointArgs {
  JointTable joints;
  JointLambda* lambda;
  EndRefs poses;
  Real h;
};

// Gauss-Seidel: joint first + i of one colour (no other joint of the colour shares its ends).
struct ProjectJointColour {
  JointArgs args;
  int first;
  SIM_HD void operator()(int i) const {
    const int j = first + i;
    const Int2 e = args.joints.ends[j];
    BodyPose a = args.poses.load(e.a), b = args.poses.load(e.b);
    project_joint(args.joints.spec(j), a, b, 1.0, 1.0, args.lambda[j], args.h);
    args.poses.store(e.a, a);
    args.poses.store(e.b, b);
  }
};

// Jacobi: joint j projected on copies of its ends from the poses every joint of the pass reads, each end's
// inverse masses split n/ω ways (n: the joints at that end), its corrections written to slots 2j, 2j + 1.
struct ProjectJointJacobi {
  JointArgs args;
  JacobiSplit split;  // over the joints' incidence
  PoseCorrection* slots;
  SIM_HD void operator()(int j) const {
    const Int2 e = args.joints.ends[j];
    const BodyPose a0 = args.poses.load(e.a), b0 = args.poses.load(e.b);
    BodyPose a = a0, b = b0;
    project_joint(args.joints.spec(j), a, b, split(e.a), split(e.b), args.lambda[j], args.h);
    slots[2 * j] = pose_change(a0, a);
    slots[2 * j + 1] = pose_change(b0, b);
  }
};

// K⁻¹ d: the impulse that changes a relative velocity by d through inverse mass matrix K; 0 where K is
// singular (a direction neither end can move in, such as a particle's turn).
SIM_HD Vec3 block_impulse(const Mat3& K, Vec3 d) {
  const Real det = determinant(K);
  return det > kTiny ? inverse(K) * d : Vec3{0.0, 0.0, 0.0};
}

// Müller 2020 §3.6: each joint's relative velocity at its anchors and its relative angular velocity are
// reduced by min(μ h, 1), as impulses with the generalised inverse masses; joint first + i of a colour.
struct DampJointColour {
  JointArgs args;
  const Real* damping;
  EndVelocities vel;
  int first;
  SIM_HD void operator()(int i) const {
    const int j = first + i;
    const Real k = min_number(damping[j] * args.h, Real(1));
    if (k <= 0.0) return;
    const Int2 e = args.joints.ends[j];
    const BodyPose a = args.poses.load(e.a), b = args.poses.load(e.b);
    Vec3 lin_a, ang_a, lin_b, ang_b;
    vel.load(e.a, lin_a, ang_a);
    vel.load(e.b, lin_b, ang_b);
    const Vec3 ra = rotate(a.q, args.joints.anchor_a[j]), rb = rotate(b.q, args.joints.anchor_b[j]);
    // the impulses that remove k of the relative velocities, through the same inverse mass matrices as the
    // positions' blocks (constraints/joint.h)
    const Vec3 p = block_impulse(positional_inv_mass_matrix(a, ra) + positional_inv_mass_matrix(b, rb),
                                 k * ((lin_b + cross(ang_b, rb)) - (lin_a + cross(ang_a, ra))));
    lin_a += a.w * p;
    ang_a += apply_inv_inertia(a, cross(ra, p));
    lin_b -= b.w * p;
    ang_b -= apply_inv_inertia(b, cross(rb, p));
    const Vec3 l = block_impulse(inv_inertia_matrix(a) + inv_inertia_matrix(b), k * (ang_b - ang_a));
    ang_a += apply_inv_inertia(a, l);
    ang_b -= apply_inv_inertia(b, l);
    vel.store(e.a, lin_a, ang_a);
    vel.store(e.b, lin_b, ang_b);
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim
