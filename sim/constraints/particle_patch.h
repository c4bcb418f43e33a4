// The friction between one rigid body and the particles it touches (a box on a cloth, a ball on a heap of
// fluid), as one patch: beyond Müller et al. 2020 §3.5, whose friction acts pair by pair, and like the patch
// of a body-body manifold (constraints/body_contact.h) but across all of the body's particle pairs. Pair
// by pair, a 2 kg box on a cloth lying on a 10° slope (μ = 0.5) crept down it at up to 7 cm/s and slid
// 40% too fast at 30°: each pair's friction, applied below the box's centre, turns the box as much as it
// moves it, the normals of the next pass take the turn back, and the part of the slip that became a turn is
// lost; each pair also holds against its own λ_n only, which that cycle inflates. As one patch the slip of
// the touching points' mean, every point weighted by its λ_n, is undone whole while the patch's λ_t stays
// under Σ μ_s λ_n (static, on the positions, after the normals), and the velocity pass reduces the patch's
// tangential velocity by at most Σ μ_k λ_n / Δt_s and its spin about the mean normal by at most that times
// ρ, the points' mean distance from their mean (dynamic and torsional). A patch impulse is shared among the
// particles by λ_n (particle k takes σ_k = λ_k / Σλ of it), so the particles' mean point moves as one of
// inverse mass Σ σ_k² w_k. A particle resting on a static surface (the ground, a wall, the SDF collider) is
// solved as the support leaves it free to move, as a converged solve of the particle between the body and
// its support would find: pushed into the surface it gives way only across it (its inverse mass times
// 1 − (n·n_s)² in the normals), and where the surface's static friction is at least the pair's it does not
// move under the patch's friction (w_k = 0). Without that, a light particle takes nearly all of each
// correction and its support puts it back only in a later pass: a 2 kg box on a cloth lying on the ground
// (8·10⁻⁵ kg particles) crept 7 cm/s down a 20° slope with μ = 0.5, slid 40% too fast at 30°, sank 7 mm into
// the cloth, and glided off the draped bunny on landing.
#pragma once

#include "constraints/body_contact.h"
#include "constraints/ground_contact.h"
#include "constraints/sdf_collider.h"

namespace sim {
inline namespace SIM_PRECISION {

// The static surfaces a particle may rest on: the ground and walls, and the SDF collider.
struct ParticleSupport {
  ContactPlanes planes;
  SdfCollider collider;  // its field on the backend; disabled: none

  // Calls f(n_s, μ_s) for each static surface a particle at x of radius r rests on (within r/10: pushed
  // in a little by what it carries), n_s its outward unit normal there.
  template <class F>
  SIM_HD void for_each_rest(Vec3 x, Real r, F&& f) const {
    for (int k = 0; k < planes.count; ++k)
      if (plane_gap(planes.plane[k], x, r) <= Real(0.1) * r) f(planes.plane[k].n, planes.material.mu_static);
    if (!collider.enabled) return;
    const SdfSample s = collider.sample(x);
    const Real g = length(s.grad);
    if (s.phi - r <= Real(0.1) * r && g > 0) f((1 / g) * s.grad, collider.material.mu_static);
  }

  // The particle end of pair c as the pair's normal sees it: where the normal pushes it into a surface it
  // rests on, it gives way only across that surface, w (1 − (n·n_s)²).
  SIM_HD BodyPose normal_pose(const ContactPair& c, BodyPose particle) const {
    Real blocked = 0.0;
    for_each_rest(particle.x, c.radius_b, [&](Vec3 n_s, Real) {
      const Real d = dot(c.n, n_s);
      if (d < 0.0) blocked = max_number(blocked, d * d);
    });
    particle.w *= 1 - min_number(blocked, Real(1));
    return particle;
  }

  // The particle end of pair c as its body's patch friction sees it: held (w = 0) where a surface it rests
  // on holds it at least as fast as the pair.
  SIM_HD BodyPose friction_pose(const ContactPair& c, BodyPose particle) const {
    Real mu = 0.0;
    for_each_rest(particle.x, c.radius_b, [&](Vec3, Real mu_s) { mu = max_number(mu, mu_s); });
    if (mu > 0.0 && mu >= c.material.mu_static) particle.w = 0.0;
    return particle;
  }
};

// The λ_n-weighted sums over the touching points of one body's particle pairs (body end a, particle end b).
struct ParticlePatch {
  Real lambda = 0.0;         // Σ λ_n [N·s²]
  Real lambda_t = 0.0;       // Σ λ_t of the pairs this substep [N·s²]
  Real static_limit = 0.0;   // Σ μ_s λ_n [N·s²]
  Real dynamic_limit = 0.0;  // Σ μ_k λ_n [N·s²]
  Real particle_w = 0.0;     // Σ λ_n² w_p [N²·s⁴/kg]
  Vec3 n{0.0, 0.0, 0.0};     // Σ λ_n n
  // Σ λ_n × the points on the body and on the particles, from the body's centre [m] (relative, so that a
  // float build keeps their digits, core/position.h)
  Vec3 ra{0.0, 0.0, 0.0}, rb{0.0, 0.0, 0.0};
  Vec3 slip{0.0, 0.0, 0.0};  // Σ λ_n × the particle point's motion since its anchor less the body point's [m]
  Vec3 vb{0.0, 0.0, 0.0};  // Σ λ_n v_p [m/s]

  // Pair c at body pose a and particle pose b, the particle moving at vp.
  SIM_HD void add(const ContactPair& c, const BodyPose& a, const BodyPose& b, Vec3 vp) {
    lambda_t += c.lambda_t;
    for (int k = 0; k < c.count; ++k) {
      const ContactPoint& p = c.point[k];
      const Real l = p.lambda_n;
      if (!(l > 0.0)) continue;
      Vec3 ha, hb;
      held_offsets(p, a, b, ha, hb);
      lambda += l;
      static_limit += c.material.mu_static * l;
      dynamic_limit += c.material.mu_dynamic * l;
      particle_w += l * l * b.w;
      n += l * c.n;
      const Position on_b = b.x + hb;
      ra += l * ha;
      rb += l * (on_b - a.x);
      slip += l * ((on_b - p.start_b) - ((a.x + ha) - p.start_a));
      vb += l * vp;
    }
  }

  // Another part of the same patch (a chunk of the body's pairs,
  // families/rigid/particle_contacts/pair_chunks.h).
  SIM_HD ParticlePatch& operator+=(const ParticlePatch& o) {
    lambda += o.lambda;
    lambda_t += o.lambda_t;
    static_limit += o.static_limit;
    dynamic_limit += o.dynamic_limit;
    particle_w += o.particle_w;
    n += o.n;
    ra += o.ra;
    rb += o.rb;
    slip += o.slip;
    vb += o.vb;
    return *this;
  }

  SIM_HD bool empty() const { return !(lambda > 0.0); }
  // σ of pair c: its share of a patch impulse.
  SIM_HD Real share(const ContactPair& c) const {
    Real l = 0.0;
    for (int k = 0; k < c.count; ++k) l += max_number(c.point[k].lambda_n, Real(0));
    return l / lambda;
  }
  // The mean normal, unit; zero where the normals cancel (a body surrounded by particles).
  SIM_HD Vec3 normal() const {
    const Real len = length(n);
    return len > Real(1e-6) * lambda ? (1 / len) * n : Vec3{0.0, 0.0, 0.0};
  }
  SIM_HD Vec3 arm() const { return (1.0 / lambda) * ra; }  // the body's mean point, from its centre [m]
  // The particles' mean point, from the body's centre [m].
  SIM_HD Vec3 centre_from_body() const { return (1.0 / lambda) * rb; }
  SIM_HD Real particle_inv_mass() const { return particle_w / (lambda * lambda); }  // Σ σ_k² w_k [1/kg]
};

// v without its part along unit n (all of v when n is zero).
SIM_HD Vec3 tangential(Vec3 v, Vec3 n) { return v - dot(v, n) * n; }

// Static friction of the patch on body a: its points' slip since their starts undone whole, the body moved
// here; returns the patch's Δλ_t along t (the particles move by −w_k σ_k Δλ_t t), 0 when it does not slip,
// −1 when static friction cannot hold it (the caller moves the anchors, constraints/body_contact.h).
SIM_HD Real patch_static_friction(const ParticlePatch& s, BodyPose& a, Vec3& t) {
  if (s.empty()) return 0.0;
  const Real inv = 1.0 / s.lambda;
  const Vec3 slip = tangential(inv * s.slip, s.normal());
  const Real slip_len = length(slip);
  if (!(slip_len > 0.0)) return 0.0;
  t = (1.0 / slip_len) * slip;
  const Vec3 ra = s.arm();
  const Real w = positional_inv_mass(a, ra, t) + s.particle_inv_mass();
  if (!(w > 0.0)) return 0.0;
  const Real dl = slip_len / w;
  if (s.lambda_t + dl >= s.static_limit) return -1.0;  // it slides: the velocity pass's dynamic friction
  apply_positional(a, dl * t, ra);
  return dl;
}

// Dynamic friction of the patch on body a moving at va, wa: the impulse P [N·s] that reduces the particles'
// mean tangential velocity relative to the body by at most Σ μ_k λ_n / h, taken from the body here; the
// particles gain w_k σ_k P.
SIM_HD Vec3 patch_dynamic_friction(const ParticlePatch& s, const BodyPose& a, Vec3& va, Vec3& wa, Real h) {
  if (s.empty()) return {0.0, 0.0, 0.0};
  const Real inv = 1.0 / s.lambda;
  const Vec3 ra = s.arm();
  const Vec3 vt = tangential(inv * s.vb - (va + cross(wa, ra)), s.normal());
  const Real len = length(vt);
  if (!(len > 0.0)) return {0.0, 0.0, 0.0};
  const Real w = positional_inv_mass(a, ra, (1.0 / len) * vt) + s.particle_inv_mass();
  if (!(w > 0.0)) return {0.0, 0.0, 0.0};
  const Real limit = s.dynamic_limit / h, magnitude = min_number(len / w, limit);
  const Vec3 P = (-magnitude / len) * vt;
  va -= a.w * P;
  wa -= apply_inv_inertia(a, cross(ra, P));
  return P;
}

// The particles' spin about the patch's normal, as a least-squares rigid turn of their points about their
// mean: Σ σ_k ((r_k × v_k)·n) / J with J = Σ σ_k |r_k|², r_k the tangential offset of point k from the mean.
struct PatchSpin {
  Real moment = 0.0;  // Σ σ_k (r_k × v_k)·n [m²/s]
  Real J = 0.0;       // Σ σ_k |r_k|² [m²]
  Real rho = 0.0;     // Σ σ_k |r_k| [m]
  Real w = 0.0;       // Σ σ_k² w_k |r_k|² [m²/kg]: with J², the particles' inverse inertia about n
  SIM_HD void add(Real sigma, Vec3 r, Vec3 v, Vec3 n, Real w_p) {
    moment += sigma * dot(cross(r, v), n);
    J += sigma * length_squared(r);
    rho += sigma * length(r);
    w += sigma * sigma * w_p * length_squared(r);
  }
  SIM_HD PatchSpin& operator+=(const PatchSpin& o) {
    moment += o.moment;
    J += o.J;
    rho += o.rho;
    w += o.w;
    return *this;
  }
};

// Torsional friction of the patch on body a spinning at wa: the angular impulse L [N·m·s] about n that
// reduces the particles' spin relative to the body by at most Σ μ_k λ_n ρ / h, taken from the body here;
// particle k gains the tangential impulse σ_k L (n × r_k) / J.
SIM_HD Real patch_torsional_friction(const ParticlePatch& s, const PatchSpin& spin, const BodyPose& a,
                                     Vec3& wa, Real h) {
  const Vec3 n = s.normal();
  if (s.empty() || !(spin.J > 0.0) || length_squared(n) == 0.0) return 0.0;
  const Real relative = spin.moment / spin.J - dot(n, wa);
  const Real w = angular_inv_mass(a, n) + spin.w / (spin.J * spin.J);
  if (relative == 0.0 || !(w > 0.0)) return 0.0;
  const Real L =
      min_number(std::fabs(relative) / w, s.dynamic_limit * spin.rho / h) * (relative > 0 ? Real(-1) : Real(1));
  wa -= apply_inv_inertia(a, L * n);
  return L;
}

}  // namespace SIM_PRECISION
}  // namespace sim
