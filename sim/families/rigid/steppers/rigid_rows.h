// The rows of the velocity-level rigid solvers (Giles & Andrews 2024 §2.1, Eqs. 2-3): every scalar constraint
// φ_i of a joint, a limit, a contact point, its friction or the mouse grab as a row of J, so that the solve
// finds impulses P = hλ⁺ with
//   J u⁺ + γ P = target,   u⁺ = u + M⁻¹ Jᵀ P,
// bilateral rows exactly, unilateral rows (contact normals, hinge limits) with P ≥ 0 and J u⁺ + γ P ≥ target,
// friction rows box-clamped to |P| ≤ μ P_normal (Andrews et al. 2022's box Coulomb model, as the paper uses).
// The target is 0 for a joint and for an overlapping contact or limit, −φ/h for one still open (φ > 0: it may
// close this substep); the bias is Baumgarte's −β φ/h (Eq. 3 has β = 1), for an overlap no faster than v_max
// (Small Steps Eq. 10's bound). The direct solver asks for target + bias as Eq. 3 does; PGS solves the bias
// apart, as a split impulse (rigid_pgs.h). γ = α/h² is a constraint's compliance (Eq. 2's C/h²). The rows
// read the poses at the start of the substep (Eq. 3's φ(q)). An end the solve cannot move — the world, a body
// of no mass, a particle (the particles follow in their XPBD passes, families/rigid/rigid_stages.h) — is −1.
#pragma once

#include <vector>

#include "constraints/body_contact.h"
#include "constraints/joint.h"
#include "core/mat3.h"

namespace sim {
inline namespace SIM_PRECISION {

enum class RowKind : int { Bilateral, Unilateral, Friction };

// A body as the rows see it: its inverse mass and world inverse inertia.
struct RowBody {
  Real w = 0.0;        // [1/kg]
  Mat3 inv_inertia{};  // [1/(kg·m²)]
};

struct RigidRow {
  int a = -1, b = -1;                       // bodies; −1: an end the solve does not move
  Vec3 lin_a{}, ang_a{}, lin_b{}, ang_b{};  // J: φ̇ = lin_a·v_a + ang_a·ω_a + lin_b·v_b + ang_b·ω_b
  Vec3 mlin_a{}, mang_a{}, mlin_b{}, mang_b{};  // M⁻¹ Jᵀ, the velocity change per unit impulse
  Real target = 0.0;      // what J u⁺ + γ P must equal (bilateral) or reach (unilateral) [m/s] or [rad/s]
  Real bias = 0.0;        // Baumgarte's −β φ/h on top of it [m/s] or [rad/s]
  bool corrects = false;  // it has an error to correct: a joint, an overlap (PGS's split pass solves it)
  Real gamma = 0.0;       // γ = α/h² [m/(N·s)] or [rad/(N·m·s)]
  Real diag = 0.0;        // J M⁻¹ Jᵀ + γ
  RowKind kind = RowKind::Bilateral;
  // a joint's bilateral rows are one block of PGS (rigid_pgs.h): its first row holds their count, the
  // others 0; every other row 1
  int block = 1;
  int normal = -1;          // a friction row's normal row
  Real mu = 0.0;            // a friction row's Coulomb coefficient [-]
  Real impulse = 0.0;       // P [N·s] (linear rows) or [N·m·s] (angular rows)
  Real bias_impulse = 0.0;  // PGS's split impulse of the bias, this substep only
};

// Which constraint a row came from, to write its impulse back as the multipliers K̃ reads (λ = P h).
struct RowSource {
  enum Kind : int { Joint, Contact, Grab } kind = Joint;
  int index = 0;  // the joint, or the contact pair
  int slot = 0;   // joint: 0-2 positional, 3-5 angular, 6 limit; contact: 3 k + (0 normal, 1-2 friction)
};

struct RowSet {
  std::vector<RigidRow> rows;
  std::vector<RowSource> source;
  void clear() {
    rows.clear();
    source.clear();
  }
  void add(const RigidRow& r, RowSource s) {
    rows.push_back(r);
    source.push_back(s);
  }
};

// How targets are formed.
struct RowTargets {
  Real h;      // Δt_s [s]
  Real beta;   // Baumgarte's β [-]
  Real v_max;  // the fastest an overlap is pushed out [m/s]
  Real g;      // |gravity|, below which an impact does not bounce (constraints/body_contact.h) [m/s²]
};

// Two orthonormal tangents of unit n, the same for the same n.
inline void tangents(Vec3 n, Vec3& t1, Vec3& t2) {
  t1 = normalized_or(cross(n, std::fabs(n.x) < 0.9 ? Vec3{1.0, 0.0, 0.0} : Vec3{0.0, 1.0, 0.0}),
                     Vec3{0.0, 0.0, 1.0});
  t2 = cross(n, t1);
}

// The row that keeps direction d of the relative motion of a's point at offset ra and b's at rb (φ̇ =
// d·(ṗ_a − ṗ_b)).
inline RigidRow linear_row(int a, int b, Vec3 ra, Vec3 rb, Vec3 d) {
  RigidRow r;
  r.a = a;
  r.b = b;
  r.lin_a = d;
  r.ang_a = cross(ra, d);
  r.lin_b = -1.0 * d;
  r.ang_b = -1.0 * cross(rb, d);
  return r;
}

// The row of a's turn against b's about d (φ̇ = d·(ω_a − ω_b)).
inline RigidRow angular_row(int a, int b, Vec3 d) {
  RigidRow r;
  r.a = a;
  r.b = b;
  r.ang_a = d;
  r.ang_b = -1.0 * d;
  return r;
}

// The rows of joint j between poses pa, pb (ends ia, ib, −1 for what does not move): three positional rows
// along the world axes (C = p_a − p_b, constraints/joint.h), the hinge's two angular rows across its axis or
// a fixed joint's three, and the hinge's limit row when a limit is set.
void add_joint_rows(RowSet& set, int j, const JointSpec& spec, const BodyPose& pa, const BodyPose& pb, int ia,
                    int ib, const RowTargets& t);

// The rows of contact pair c (body ends ia, ib): each point's normal and, with friction, two tangent rows.
// v̄_n before the substep (for restitution) is read from the pair's points.
void add_contact_rows(RowSet& set, int c, const ContactPair& pair, const BodyPose& pa, const BodyPose& pb,
                      int ia, int ib, const RowTargets& t);

// The mouse grab: body ia's point at offset ra pulled to target with compliance α [m/N].
void add_grab_rows(RowSet& set, const BodyPose& pa, int ia, Vec3 ra, Vec3 target, Real compliance,
                   const RowTargets& t);

// M⁻¹Jᵀ and the diagonal of every row.
void prepare_rows(std::vector<RigidRow>& rows, const std::vector<RowBody>& bodies);

// J u of row r over the bodies' velocities.
inline Real row_velocity(const RigidRow& r, const Vec3* v, const Vec3* omega) {
  Real jv = 0.0;
  if (r.a >= 0) jv += dot(r.lin_a, v[r.a]) + dot(r.ang_a, omega[r.a]);
  if (r.b >= 0) jv += dot(r.lin_b, v[r.b]) + dot(r.ang_b, omega[r.b]);
  return jv;
}

// J_i M⁻¹ J_jᵀ over the bodies rows i and j share.
inline Real row_coupling(const RigidRow& i, const RigidRow& j) {
  Real s = 0.0;
  if (i.a >= 0 && i.a == j.a) s += dot(i.lin_a, j.mlin_a) + dot(i.ang_a, j.mang_a);
  if (i.a >= 0 && i.a == j.b) s += dot(i.lin_a, j.mlin_b) + dot(i.ang_a, j.mang_b);
  if (i.b >= 0 && i.b == j.a) s += dot(i.lin_b, j.mlin_a) + dot(i.ang_b, j.mang_a);
  if (i.b >= 0 && i.b == j.b) s += dot(i.lin_b, j.mlin_b) + dot(i.ang_b, j.mang_b);
  return s;
}

// u += M⁻¹ Jᵀ dP for row r.
inline void apply_row_impulse(const RigidRow& r, Real dP, Vec3* v, Vec3* omega) {
  if (r.a >= 0) {
    v[r.a] += dP * r.mlin_a;
    omega[r.a] += dP * r.mang_a;
  }
  if (r.b >= 0) {
    v[r.b] += dP * r.mlin_b;
    omega[r.b] += dP * r.mang_b;
  }
}

// The bounds of row i's impulse given the current impulses (a friction row's from its normal's).
inline void row_bounds(const std::vector<RigidRow>& rows, const RigidRow& r, Real& lo, Real& hi) {
  constexpr Real kInf = 1e300;
  if (r.kind == RowKind::Bilateral) {
    lo = -kInf;
    hi = kInf;
  } else if (r.kind == RowKind::Unilateral) {
    lo = 0.0;
    hi = kInf;
  } else {
    hi = r.mu * max_number(rows[size_t(r.normal)].impulse, Real(0));
    lo = -hi;
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
