// Self-collision between particles (cloth layers), detected with the hashed grid of collide/hash_grid.h
// and projected as contacts C = |x_i − x_j| − (r_i + r_j) + max(d₀ − v_max Δt_s, 0) ≥ 0 (Small Steps
// §4.3, Eq. 10, with a = x_i, b = x_j and n their direction). Like the surface contacts, pairs are found
// once per frame (§4.2) — the grid holds the positions predicted over the frame, and of the candidates in
// the 27 cells around a particle's predicted position, a pair is kept when it is within reach at the start
// or at the predicted end (a pair close only at the start and more than a cell apart at the predicted end
// is not found) — and reused by every substep. Each iteration
// projects them Jacobi-style: every particle gathers the corrections of its own pairs and averages them
// (Macklin et al. 2014 §4.2), so no two threads write one particle.
#pragma once

#include "collide/hash_grid.h"
#include "constraints/particle_contact.h"
#include "model/model.h"

namespace sim {

// At most this many contacts per particle: the nearest, ties broken by particle index, so the list does
// not depend on the order in which the grid returns candidates.
inline constexpr int kMaxSelfContacts = 16;

// Where each particle is expected at the end of the frame (pinned particles stay).
struct PredictFramePositions {
  const Vec3* x;
  const Vec3* v;
  const Real* w;
  Vec3 gravity;
  Real dt;  // Δt_f, or Δt_s when detecting per substep [s]
  Vec3* predicted;
  SIM_HD void operator()(int i) const { predicted[i] = w[i] == 0.0 ? x[i] : predict_position(x[i], v[i], gravity, dt); }
};

struct FindSelfContacts {
  HashGridView grid;  // filled with `predicted`
  const Vec3* x;
  const Vec3* predicted;
  const Vec3* rest_x;
  const Real* radius;
  const Real* w;
  SelfCollision self;
  int* contacts;  // kMaxSelfContacts per particle, nearest first
  int* count;
  SIM_HD void operator()(int i) const {
    int* list = contacts + size_t(i) * kMaxSelfContacts;
    Real d2[kMaxSelfContacts];
    int n = 0;
    grid.for_each_near(predicted[i], [&](int j) {
      if (j == i || w[i] + w[j] == 0.0) return;
      const Real touch = radius[i] + radius[j];
      const Real reach = touch + self.margin;
      const Real d = fmin(length_squared(predicted[i] - predicted[j]), length_squared(x[i] - x[j]));
      if (d >= reach * reach) return;
      const Real exclusion = self.exclusion * touch;
      if (length_squared(rest_x[i] - rest_x[j]) < exclusion * exclusion) return;
      insert_nearest(list, d2, n, j, d);
    });
    count[i] = n;
  }

  // Keeps list[0..n) ordered by (distance², index), dropping the farthest when full.
  SIM_HD static void insert_nearest(int* list, Real* d2, int& n, int j, Real d) {
    int pos = n;
    while (pos > 0 && (d2[pos - 1] > d || (d2[pos - 1] == d && list[pos - 1] > j))) --pos;
    if (pos == kMaxSelfContacts) return;
    const int last = n < kMaxSelfContacts ? n : kMaxSelfContacts - 1;
    for (int k = last; k > pos; --k) {
      list[k] = list[k - 1];
      d2[k] = d2[k - 1];
    }
    list[pos] = j;
    d2[pos] = d;
    if (n < kMaxSelfContacts) ++n;
  }
};

// Writes each particle's averaged correction into delta; ApplyJacobiDeltas then moves the particles.
struct ProjectSelfContacts {
  const int* contacts;
  const int* count;
  const Vec3* x;
  const Vec3* x_prev;  // xⁿ, for the overlap d₀ at the start of the substep
  const Real* w;
  const Real* radius;
  Real max_depenetration_speed;  // v_max [m/s]
  Real h;                        // Δt_s [s]
  Vec3* delta;
  SIM_HD void operator()(int i) const {
    Vec3 sum{0.0, 0.0, 0.0};
    int active = 0;
    const int* list = contacts + size_t(i) * kMaxSelfContacts;
    for (int k = 0; k < count[i] && w[i] > 0.0; ++k) {
      const int j = list[k];
      const Vec3 d = x[i] - x[j];
      const Real len = length(d);
      const Real touch = radius[i] + radius[j];
      const Real gap_start = length(x_prev[i] - x_prev[j]) - touch;
      const Real C = len - touch + depenetration_allowance(gap_start, max_depenetration_speed, h);
      if (C >= 0.0 || len <= 1e-12) continue;
      sum += (-C * w[i] / ((w[i] + w[j]) * len)) * d;  // Eq. 4 with Δλ = −C / (w_i + w_j)
      ++active;
    }
    delta[i] = active > 0 ? (1.0 / Real(active)) * sum : Vec3{0.0, 0.0, 0.0};
  }
};

}  // namespace sim
