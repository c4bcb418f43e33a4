// Self-collision between particles (cloth layers), detected with the hashed grid of collide/hash_grid.h
// and projected as contacts |x_i − x_j| − (r_i + r_j) ≥ 0 (Small Steps §4.3 with a = x_i, b = x_j, n
// their direction). Like the surface contacts, pairs are found once per frame (or per substep) and
// reused; each iteration projects them Jacobi-style, every particle gathering the corrections of its
// own pairs and averaging them (Macklin et al. 2014 §4.2), so no two threads write one particle.
#pragma once

#include "collide/hash_grid.h"
#include "model/model.h"

namespace sim {

// At most this many contacts per particle; the lowest particle indices are kept, so the list does not
// depend on the order the grid returns them in.
inline constexpr int kMaxSelfContacts = 16;

struct FindSelfContacts {
  HashGridView grid;
  const Vec3* x;
  const Vec3* rest_x;
  const Real* radius;
  const Real* w;
  SelfCollision self;
  int* contacts;  // kMaxSelfContacts per particle, ascending
  int* count;
  SIM_HD void operator()(int i) const {
    int* list = contacts + size_t(i) * kMaxSelfContacts;
    int n = 0;
    grid.for_each_near(x[i], [&](int j) {
      if (j == i || w[i] + w[j] == 0.0) return;
      const Real touch = radius[i] + radius[j];
      const Real reach = touch + self.margin;
      if (length_squared(x[i] - x[j]) >= reach * reach) return;
      const Real exclusion = self.exclusion * touch;
      if (length_squared(rest_x[i] - rest_x[j]) < exclusion * exclusion) return;
      insert_sorted(list, n, j);
    });
    count[i] = n;
  }

  SIM_HD static void insert_sorted(int* list, int& n, int j) {
    int pos = n;
    while (pos > 0 && list[pos - 1] > j) --pos;
    if (pos > 0 && list[pos - 1] == j) return;
    if (pos == kMaxSelfContacts) return;
    const int last = n < kMaxSelfContacts ? n : kMaxSelfContacts - 1;
    for (int k = last; k > pos; --k) list[k] = list[k - 1];
    list[pos] = j;
    if (n < kMaxSelfContacts) ++n;
  }
};

// Writes each particle's averaged correction into delta; ApplyJacobiDeltas then moves the particles.
struct ProjectSelfContacts {
  const int* contacts;
  const int* count;
  const Vec3* x;
  const Real* w;
  const Real* radius;
  Vec3* delta;
  SIM_HD void operator()(int i) const {
    Vec3 sum{0.0, 0.0, 0.0};
    int active = 0;
    const int* list = contacts + size_t(i) * kMaxSelfContacts;
    for (int k = 0; k < count[i] && w[i] > 0.0; ++k) {
      const int j = list[k];
      const Vec3 d = x[i] - x[j];
      const Real len = length(d);
      const Real C = len - (radius[i] + radius[j]);
      if (C >= 0.0 || len <= 1e-12) continue;
      sum += (-C * w[i] / ((w[i] + w[j]) * len)) * d;  // Eq. 4 with Δλ = −C / (w_i + w_j)
      ++active;
    }
    delta[i] = active > 0 ? (1.0 / Real(active)) * sum : Vec3{0.0, 0.0, 0.0};
  }
};

}  // namespace sim
