// Contacts of rigid bodies with each other, with the world's planes and with particles, as XPBD constraints
// on the poses of their two ends (Müller et al. 2020, "Müller 2020", §3.5, inside Small Steps Algorithm 1):
// the non-penetration of each manifold point, C = nᵀ(p_b − p_a) + max(d₀ − v_max Δt_s, 0) ≥ 0 (Small Steps
// Eqs. 9-10: d₀ the overlap at the start of the substep, pushed out no faster than v_max), then static
// friction as a positional constraint on the tangential motion this substep, applied whole while
// |λ_t| < μ_s λ_n; after the velocity update the velocity pass adds dynamic friction,
// Δv = −v_t/|v_t| min(μ_k |f_n| Δt_s, |v_t|) with f_n = λ_n/Δt_s², and restitution, v_n ← max(−e v̄_n, 0)
// with v̄_n the normal velocity before the substep (e = 0 when |v̄_n| ≤ 2|g|Δt_s, so resting contacts do
// not jitter). The points are the narrow phase's (geometry/narrow_phase.h), kept from when the contact is
// found (once per frame, Small Steps §4.2, or per substep) with the normal fixed in the world. A round end
// (sphere, capsule, particle) keeps the point of its core — its centre, or the point of its axis — and
// its surface point is that core point ∓ r n: a capsule rolling under a load keeps its contact at the
// bottom. (With the surface point fixed in the body, as Müller 2020 keeps r, the point rolls up the side
// with the capsule and the normal force, no longer through the axis, drives the roll on: under a 100 kg
// load a 1 kg capsule's roll grows e-fold in 7 ms and the capsule stack spun itself apart.) Static friction
// holds the material points that touched when the point was anchored (held_offsets), as Müller 2020 does,
// and rolling resistance limits the ends' relative roll (contact_rolling_resistance).
// Beyond the paper, static friction acts on the manifold as a patch (PhysX's patch friction): once on
// the mean of its touching points, against μ_s Σλ_n, after their normals. Müller 2020 applies it per point
// as each point is projected; with a box's four corners projected in turn, each corner's normal
// correction tilts the box and moves the others sideways, each corner's friction (against its own share
// of λ_n) undoes its own motion whole or not at all, and a box at rest on the ground crept 1.2 mm/s and
// carried 3% less than its weight in the last substep's λ_n. As a patch it stays put and carries its
// weight to 1e-5. Dynamic friction likewise acts on the patch, with torsional friction for its spin
// (contact_velocity_pass): per point, a box sliding down an incline spun up about the normal and slid at
// 2.7 times the closed-form acceleration.
#pragma once

#include <cmath>

#include "constraints/joint.h"
#include "constraints/rigid_body.h"
#include "geometry/narrow_phase.h"

namespace sim {
inline namespace SIM_PRECISION {

// The surface of a body: Coulomb friction and restitution.
struct SurfaceMaterial {
  Real mu_static = 0.5;    // μ_s [-]
  Real mu_dynamic = 0.4;   // μ_k [-], at most μ_s
  Real restitution = 0.0;  // e [-]
  Real rolling = 0.0;      // rolling resistance ρ_r: the arm of the resisting torque, |τ| ≤ ρ_r |f_n| [m]
};

// The scene's contact settings for bodies (Model::body_contact).
struct BodyContactSettings {
  bool enabled = true;
  Real margin = 0.01;                  // detection margin beyond the predicted motion [m]
  Real max_depenetration_speed = 1.0;  // v_max of Eq. 10 [m/s]
  bool particles = true;               // particles collide with the bodies, as spheres of their radius
  SurfaceMaterial particle_material;   // the particles' surface, mixed with each body's
};

// Two surfaces in contact (the mixing rules of Box2D and PhysX's defaults): friction the geometric mean, so
// that a frictionless surface slides on anything, restitution the larger, so that a bouncy ball bounces
// on a dead floor; rolling resistance the larger, so that a ball that resists rolling does so on any floor.
SIM_HD SurfaceMaterial mix_materials(const SurfaceMaterial& a, const SurfaceMaterial& b) {
  return {std::sqrt(a.mu_static * b.mu_static), std::sqrt(a.mu_dynamic * b.mu_dynamic),
          max_number(a.restitution, b.restitution), max_number(a.rolling, b.rolling)};
}

// One point of a contact manifold.
struct ContactPoint {
  Vec3 r_a, r_b;          // the point of each end's core, in that end's coordinates (world for the world) [m]
  Position start_a, start_b;  // the two points' anchors in the world (static friction) [m]
  Vec3 held_a, held_b;    // the material points anchored there, in each end's coordinates [m]
  Real allowance;         // Eq. 10's max(d₀ − v_max Δt_s, 0) this substep [m]
  Real v_n;               // v̄_n: the normal relative velocity before this substep's solve [m/s]
  Real lambda_n;          // λ_n this substep [N·s²]
  Real impulse_n;  // the velocity pass's normal impulse this substep, nᵀP (negative: it pulled) [N·s]
};

// A contact between ends a and b (a body, kWorldEnd or a particle end, constraints/joint.h): up to
// kMaxManifold points with one material. No padding: States are hashed bit for bit (registry/state_hash.h).
struct ContactPair {
  SurfaceMaterial material;
  ContactPoint point[kMaxManifold];
  Vec3 n;                   // unit normal from a towards b, in the world
  Real radius_a, radius_b;  // of each end's round part (its surface is r from its core); 0 for a box [m]
  Real lambda_t;            // |λ_t| of the patch's static friction this substep [N·s²]
  Int2 ends;
  int count;     // points in use
  int touching;  // of them, those that pushed (λ_n > 0) in the last substep
};

// A manifold found between ends a and b at poses pa, pb, as a pair with its points in the ends' coordinates;
// radius_a, radius_b: the ends' round parts (BodyShape's radius for a sphere or capsule, 0 for a box or the
// world).
SIM_HD ContactPair contact_pair(const Manifold& m, Int2 ends, const BodyPose& pa, const BodyPose& pb,
                                Real radius_a, Real radius_b, const SurfaceMaterial& material) {
  ContactPair c{};
  c.material = material;
  c.ends = ends;
  c.count = m.count;
  c.n = m.normal;
  c.radius_a = radius_a;
  c.radius_b = radius_b;
  for (int k = 0; k < m.count; ++k) {
    ContactPoint& p = c.point[k];
    p.r_a = rotate_inverse(pa.q, (m.on_a[k] - radius_a * m.normal) - pa.x);
    p.r_b = rotate_inverse(pb.q, (m.on_b[k] + radius_b * m.normal) - pb.x);
  }
  return c;
}

// Where point p touches on each end, as offsets from the ends' centres in the world: the core point, out
// along ±n by the round part's radius.
SIM_HD void contact_offsets(const ContactPair& c, const ContactPoint& p, const BodyPose& a, const BodyPose& b,
                            Vec3& ra, Vec3& rb) {
  ra = rotate(a.q, p.r_a) + c.radius_a * c.n;
  rb = rotate(b.q, p.r_b) - c.radius_b * c.n;
}

// The separation nᵀ(p_b − p_a) of point p at poses a, b [m]: negative where they overlap.
SIM_HD Real contact_separation(const ContactPair& c, const ContactPoint& p, const BodyPose& a,
                               const BodyPose& b) {
  Vec3 ra, rb;
  contact_offsets(c, p, a, b, ra, rb);
  return dot(c.n, point_gap(a, ra, b, rb));
}

// A point's anchors for static friction: where its two ends touch now, and the material points there.
SIM_HD void anchor_contact_point(const ContactPair& c, ContactPoint& p, const BodyPose& a,
                                 const BodyPose& b) {
  Vec3 ra, rb;
  contact_offsets(c, p, a, b, ra, rb);
  p.start_a = a.x + ra;
  p.start_b = b.x + rb;
  p.held_a = rotate_inverse(a.q, ra);
  p.held_b = rotate_inverse(b.q, rb);
}

// Where point p's anchored material points are now, as offsets from the ends' centres in the world: static
// friction holds these (Müller 2020 §3.5: the points fixed in the bodies), not the touching points, which
// stay below a round end's core as it rolls. Held at the touching points instead, a capsule spinning about
// its axis did not slip and one rolling without slipping did: friction undid a roll by spinning the capsule
// up, which it could not see. A box on two capsules on the ground (capsule_stack, 1 layer) rocked them and
// walked with them along their axes at 2 mm/s (now: still to 1e-7 m/s), and in the 10-layer stack at 100
// × 1 the second layer's capsules spun up to 0.014 rad/s within 3 s.
SIM_HD void held_offsets(const ContactPoint& p, const BodyPose& a, const BodyPose& b, Vec3& ra, Vec3& rb) {
  ra = rotate(a.q, p.held_a);
  rb = rotate(b.q, p.held_b);
}

// Algorithm 1 line 5 for a contact, at the poses and velocities of the start of the substep (before the
// prediction): λ = 0, Eq. 10's allowance from the overlap d₀ now, v̄_n for restitution, and the points'
// anchors for static friction — where they are now, unless the point pushed in the last substep without
// sliding: then it keeps its anchor (project_contact_pair). va, wa, vb, wb: the ends' linear and angular
// velocities (0 for the world).
SIM_HD void begin_contact_substep(ContactPair& c, const BodyPose& a, const BodyPose& b, Vec3 va, Vec3 wa,
                                  Vec3 vb, Vec3 wb, Real v_max, Real h) {
  for (int k = 0; k < c.count; ++k) {
    ContactPoint& p = c.point[k];
    const Vec3 n = c.n;
    Vec3 ra, rb;
    contact_offsets(c, p, a, b, ra, rb);
    if (!(p.lambda_n > 0.0)) anchor_contact_point(c, p, a, b);
    p.allowance = depenetration_allowance(dot(n, point_gap(a, ra, b, rb)), v_max, h);
    p.v_n = dot(n, (vb + cross(wb, rb)) - (va + cross(wa, ra)));
    p.lambda_n = 0.0;
    p.impulse_n = 0.0;
  }
  c.lambda_t = 0.0;
  c.touching = 0;
}

// The normal of point p as an inequality (Müller 2020 §3.5, positional part), the ends' inverse masses
// split split_a, split_b ways (Jacobi).
SIM_HD void project_contact_normal(const ContactPair& c, ContactPoint& p, BodyPose& a, BodyPose& b,
                                   Real split_a, Real split_b) {
  const Vec3 n = c.n;
  Vec3 ra, rb;
  contact_offsets(c, p, a, b, ra, rb);
  const Real C = dot(n, point_gap(a, ra, b, rb)) + p.allowance;
  if (C >= 0.0) return;
  const Real w = split_a * positional_inv_mass(a, ra, n) + split_b * positional_inv_mass(b, rb, n);
  if (!(w > 0.0)) return;
  const Real dl = -C / w;  // Eq. 5 with α = 0
  apply_positional(a, -dl * n, ra);
  apply_positional(b, dl * n, rb);
  p.lambda_n += dl;
}

// One projection of pair c: its points' normals in turn, then static friction on the patch of the points
// that pushed this substep — the tangential motion of their mean point since their anchors undone whole
// while |λ_t| < μ_s Σλ_n, or not at all: the pair slides, its anchors move to where the points are, and the
// velocity pass's dynamic friction takes over. Müller 2020 anchors a point at the start of every substep;
// here a point that sticks keeps its anchor while it goes on pushing (PhysX's persistent friction anchors),
// so a slip one substep leaves is undone in the next ones: where a heavy body stands on light ends (a box
// on a cloth lying on the ground, constraints/particle_patch.h) each correction moves mostly the light
// end, which its own support then puts back, and with the anchor moved every substep the body crept down
// a 10° slope at 8 cm/s.
SIM_HD void project_contact_pair(ContactPair& c, BodyPose& a, BodyPose& b, Real split_a, Real split_b) {
  Real lambda_n = 0.0;
  Vec3 arm_a{0.0, 0.0, 0.0}, arm_b{0.0, 0.0, 0.0}, motion{0.0, 0.0, 0.0};  // Σ r_a, Σ r_b, Σ of b's motion from a's
  int touching = 0;
  for (int k = 0; k < c.count; ++k) project_contact_normal(c, c.point[k], a, b, split_a, split_b);
  for (int k = 0; k < c.count; ++k) {
    const ContactPoint& p = c.point[k];
    if (p.lambda_n <= 0.0) continue;
    Vec3 ra, rb;
    held_offsets(p, a, b, ra, rb);
    lambda_n += p.lambda_n;
    arm_a += ra;
    arm_b += rb;
    motion += ((b.x + rb) - p.start_b) - ((a.x + ra) - p.start_a);
    ++touching;
  }
  if (touching == 0) return;
  const Real share = 1.0 / Real(touching);
  const Vec3 n = c.n;
  const Vec3 mean_motion = share * motion, slip = mean_motion - dot(mean_motion, n) * n;
  const Real slip_len = length(slip);
  if (!(slip_len > 0.0)) return;
  const Vec3 t = (1.0 / slip_len) * slip, ra = share * arm_a, rb = share * arm_b;
  const Real w = split_a * positional_inv_mass(a, ra, t) + split_b * positional_inv_mass(b, rb, t);
  if (!(w > 0.0)) return;
  const Real dl = slip_len / w;
  if (c.lambda_t + dl >= c.material.mu_static * lambda_n) {  // static friction cannot hold: it slides
    for (int k = 0; k < c.count; ++k) anchor_contact_point(c, c.point[k], a, b);
    return;
  }
  apply_positional(a, dl * t, ra);
  apply_positional(b, -dl * t, rb);
  c.lambda_t += dl;
}

// The normal force point p exerted over the last substep of h [N]: λ_n/h² from the positions, plus the
// velocity pass's normal impulse over h, which sets the normal velocity to its restitution target and so
// adds to the positional push (a bounce) or takes part of it back (ends the push left separating): the sum
// is what the ends exchanged.
SIM_HD Real contact_normal_force(const ContactPoint& p, Real h) {
  return h > 0.0 ? p.lambda_n / (h * h) + p.impulse_n / h : 0.0;
}

// An impulse P [N·s] at offsets ra, rb: b gains it, a loses it.
SIM_HD void apply_impulse(const BodyPose& a, const BodyPose& b, Vec3 ra, Vec3 rb, Vec3 P, Vec3& va, Vec3& wa,
                          Vec3& vb, Vec3& wb) {
  va -= a.w * P;
  wa -= apply_inv_inertia(a, cross(ra, P));
  vb += b.w * P;
  wb += apply_inv_inertia(b, cross(rb, P));
}

// The impulse that changes the relative velocity of the points at ra, rb by dv (along its direction).
SIM_HD Vec3 impulse_for(const BodyPose& a, const BodyPose& b, Vec3 ra, Vec3 rb, Vec3 dv) {
  const Real len = length(dv);
  if (!(len > 0.0)) return {0.0, 0.0, 0.0};
  const Vec3 dir = (1.0 / len) * dv;
  const Real w = positional_inv_mass(a, ra, dir) + positional_inv_mass(b, rb, dir);
  return w > 0.0 ? (1.0 / w) * dv : Vec3{0.0, 0.0, 0.0};
}

// Restitution point by point over the points of pair c that pushed this substep, v_n ← max(−e v̄_n, 0) (e = 0
// when |v̄_n| ≤ 2 g Δt_s, so resting contacts do not jitter), each point's normal impulse kept.
SIM_HD void contact_restitution(ContactPair& c, const BodyPose& a, const BodyPose& b, Vec3& va, Vec3& wa,
                                Vec3& vb, Vec3& wb, Real g, Real h) {
  const Vec3 n = c.n;
  for (int k = 0; k < c.count; ++k) {
    ContactPoint& p = c.point[k];
    if (p.lambda_n <= 0.0) continue;
    Vec3 pa, pb;
    contact_offsets(c, p, a, b, pa, pb);
    const Real vn = dot(n, (vb + cross(wb, pb)) - (va + cross(wa, pa)));
    const Real e = std::fabs(p.v_n) <= 2 * g * h ? Real(0) : c.material.restitution;
    const Vec3 P = impulse_for(a, b, pa, pb, (max_number(-e * p.v_n, Real(0)) - vn) * n);
    p.impulse_n = dot(n, P);
    apply_impulse(a, b, pa, pb, P, va, wa, vb, wb);
  }
}

// Rolling resistance of pair c pushing with Σλ_n = lambda_n over a substep of h: the ends' relative
// angular velocity across n (their roll) reduced by at most ρ_r Σλ_n / Δt_s in angular impulse (a torque
// of at most ρ_r |f_n|, the rolling friction of a contact patch that deforms; Coulomb's law for rolling).
// Without it a crib of round bodies is a mechanism that rolls under any slope: in the capsule stack the
// solver's residual overlap, larger under the more loaded supports, tilted the box by 8e-6 rad, and the
// layers rolled under it at a constant 8e-5 m/s² until the stack fell.
SIM_HD void contact_rolling_resistance(const ContactPair& c, const BodyPose& a, const BodyPose& b, Vec3& wa,
                                       Vec3& wb, Real lambda_n, Real h) {
  const Vec3 n = c.n, w_rel = wb - wa, roll = w_rel - dot(w_rel, n) * n;
  const Real roll_len = length(roll);
  if (!(c.material.rolling > 0.0) || !(roll_len > 0.0)) return;
  const Vec3 d = (1.0 / roll_len) * roll;
  const Real w = angular_inv_mass(a, d) + angular_inv_mass(b, d);
  if (!(w > 0.0)) return;
  const Real L = min_number(roll_len / w, c.material.rolling * lambda_n / h);  // [N·m·s] on a, −L on b
  wa += apply_inv_inertia(a, L * d);
  wb -= apply_inv_inertia(b, L * d);
}

// The velocity pass of pair c (Müller 2020 §3.5, Algorithm 2 line 18's solveVelocities) on the ends'
// velocities va, wa, vb, wb at poses a, b, over the points that pushed this substep: restitution point by
// point, v_n ← max(−e v̄_n, 0) (e = 0 when |v̄_n| ≤ 2 g Δt_s), then dynamic friction on the patch, as for
// static friction — the tangential velocity of the points' mean reduced by at most μ_k Σλ_n / Δt_s
// (μ_k |f_n| Δt_s) in impulse, and their spin about n by at most μ_k Σλ_n ρ / Δt_s in angular impulse, ρ
// the points' mean distance from their mean (a patch's torsional friction; point by point it spun a
// sliding box up about the normal). Friction before restitution carried 1.7% less than the normal load
// while sliding and crept 3 mm/s below the friction angle. g: |gravity| [m/s²]. Returns the points that
// pushed; each point keeps its normal impulse (contact_normal_force).
SIM_HD int contact_velocity_pass(ContactPair& c, const BodyPose& a, const BodyPose& b, Vec3& va, Vec3& wa,
                                 Vec3& vb, Vec3& wb, Real g, Real h) {
  const Vec3 n = c.n;
  Real lambda_n = 0.0;
  Vec3 ra_sum{0.0, 0.0, 0.0}, rb_sum{0.0, 0.0, 0.0};
  int touching = 0;
  for (int k = 0; k < c.count; ++k) {
    if (c.point[k].lambda_n <= 0.0) continue;
    Vec3 ra, rb;
    contact_offsets(c, c.point[k], a, b, ra, rb);
    lambda_n += c.point[k].lambda_n;
    ra_sum += ra;
    rb_sum += rb;
    ++touching;
  }
  if (touching == 0) return 0;
  const Real share = 1.0 / Real(touching);
  const Vec3 ra = share * ra_sum, rb = share * rb_sum;
  contact_restitution(c, a, b, va, wa, vb, wb, g, h);
  const Real limit = c.material.mu_dynamic * lambda_n / h;  // [N·s]
  const Vec3 v = (vb + cross(wb, rb)) - (va + cross(wa, ra));
  const Vec3 vt = v - dot(v, n) * n;
  if (length(vt) > 0.0) {
    const Vec3 P = impulse_for(a, b, ra, rb, -1.0 * vt);
    const Real P_len = length(P);
    apply_impulse(a, b, ra, rb, P_len > limit ? (limit / P_len) * P : P, va, wa, vb, wb);
  }
  Real rho = 0.0;
  for (int k = 0; k < c.count; ++k)
    if (c.point[k].lambda_n > 0.0) {
      Vec3 pa, pb;
      contact_offsets(c, c.point[k], a, b, pa, pb);
      rho += share * length(pa - ra);
    }
  const Real spin = dot(n, wb - wa), w = angular_inv_mass(a, n) + angular_inv_mass(b, n);
  if (rho > 0.0 && spin != 0.0 && w > 0.0) {
    const Real L = min_number(std::fabs(spin) / w, limit * rho) * (spin > 0 ? Real(-1) : Real(1));  // [N·m·s] on b
    wa -= apply_inv_inertia(a, L * n);
    wb += apply_inv_inertia(b, L * n);
  }
  contact_rolling_resistance(c, a, b, wa, wb, lambda_n, h);
  return touching;
}

}  // namespace SIM_PRECISION
}  // namespace sim
