// Self-collision between particles (cloth layers), detected with the hashed grid of geometry/hash_grid.h
// and projected as contacts C = |x_i − x_j| − (r_i + r_j) + max(d₀ − v_max Δt_s, 0) ≥ 0 (Small Steps
// §4.3, Eq. 10, with a = x_i, b = x_j and n their direction). Like the surface contacts, pairs are found
// once per frame (§4.2) — the grid holds the positions predicted over the frame, and of the candidates in
// the 27 cells around a particle's predicted position, a pair is kept when it is within reach at the start
// or at the predicted end (a pair close only at the start and more than a cell apart at the predicted end
// is not found) — and reused by every substep. A pair is kept when each particle is among the other's
// nearest (KeepMutualSelfContacts), so both see it. Each iteration projects them Jacobi-style: every
// particle sums the corrections of its own pairs, so no two threads write one particle, with its mass
// split among its n touching pairs (Tonge et al. 2012, as the distance Jacobi). Δλ = −C/(n_i w_i +
// n_j w_j) is then the same number on both sides, so each pair's impulses are equal and opposite and
// the contacts conserve linear momentum. (Averaging by each particle's own count, as before, gave the
// two sides of a pair different impulses, and a pair nearest to one particle only pushed that one.)
#pragma once

#include <algorithm>

#include "constraints/particle_contact.h"
#include "core/position.h"
#include "detect/hash_grid_builder.h"
#include "families/common/flagged_list.h"
#include "families/family.h"
#include "families/self_contact/self_contact_family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

// At most this many contacts per particle: the nearest, ties broken by particle index, so the list does
// not depend on the order in which the grid returns candidates.
inline constexpr int kMaxSelfContacts = 16;

// Where each particle is expected at the end of the frame (pinned particles stay).
struct PredictFramePositions {
  const Position* x;
  const Vec3* v;
  const Real* w;
  Vec3 gravity;
  Real dt;  // Δt_f, or Δt_s when detecting per substep [s]
  Position* predicted;
  SIM_HD void operator()(int i) const {
    predicted[i] = w[i] == 0.0 ? x[i] : predict_position(x[i], v[i], gravity, dt);
  }
};

struct FindSelfContacts {
  HashGridView grid;  // filled with `predicted`
  const Position* x;
  const Position* predicted;
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
      const Real d = min_number(length_squared(predicted[i] - predicted[j]), length_squared(x[i] - x[j]));
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

// Keeps the contacts of `contacts` whose other particle lists this one too, in the same order.
struct KeepMutualSelfContacts {
  const int* contacts;  // FindSelfContacts' lists
  const int* count;
  int* pairs;  // kMaxSelfContacts per particle
  int* pair_count;
  SIM_HD void operator()(int i) const {
    const int* list = contacts + size_t(i) * kMaxSelfContacts;
    int* kept = pairs + size_t(i) * kMaxSelfContacts;
    int n = 0;
    for (int k = 0; k < count[i]; ++k) {
      const int j = list[k];
      const int* other = contacts + size_t(j) * kMaxSelfContacts;
      bool mutual = false;
      for (int m = 0; m < count[j] && !mutual; ++m) mutual = other[m] == i;
      if (mutual) kept[n++] = j;
    }
    pair_count[i] = n;
  }
};

// What the projection of a particle's pairs reads: the pairs, positions now and at the start of the
// substep, and Eq. 10's depenetration limit.
struct SelfContactArgs {
  const int* pairs;  // KeepMutualSelfContacts' lists, kMaxSelfContacts per particle
  const int* pair_count;
  const Position* x;
  const Position* x_prev;  // xⁿ, for the overlap d₀ at the start of the substep
  const Real* w;
  const Real* radius;
  Real max_depenetration_speed;  // v_max [m/s]
  Real h;                        // Δt_s [s]

  // C of pair (i, j) at x, Eq. 10 with the overlap at xⁿ; d = x_i − x_j, len = |d|. Symmetric in i, j.
  SIM_HD Real C(int i, int j, Vec3& d, Real& len) const {
    d = x[i] - x[j];
    len = length(d);
    const Real touch = radius[i] + radius[j];
    const Real gap_start = length(x_prev[i] - x_prev[j]) - touch;
    return len - touch + depenetration_allowance(gap_start, max_depenetration_speed, h);
  }
  SIM_HD bool touching(int i, int j) const {
    Vec3 d;
    Real len;
    return C(i, j, d, len) < 0 && len > Real(1e-12);
  }
};

// How many of each particle's pairs touch at the current x: its mass is split that many ways. Item j is
// the j-th particle with a pair (families/common/flagged_list.h), as in the two passes below.
struct CountTouchingSelfContacts {
  static constexpr int kSerialBelow = 256;  // a root per pair (CpuExec)
  SelfContactArgs a;
  FlaggedIndices paired;
  int* touching;
  SIM_HD void operator()(int j) const {
    int i;
    if (!paired.at(j, i)) return;
    const int* list = a.pairs + size_t(i) * kMaxSelfContacts;
    int n = 0;
    for (int k = 0; k < a.pair_count[i]; ++k) n += a.touching(i, list[k]) ? 1 : 0;
    touching[i] = n;
  }
};

// Writes each particle's summed correction into delta; ApplySelfContactDeltas then moves the particles.
struct ProjectSelfContacts {
  static constexpr int kSerialBelow = 256;  // a root per pair (CpuExec)
  SelfContactArgs a;
  FlaggedIndices paired;
  const int* touching;  // CountTouchingSelfContacts' counts at this x
  Vec3* delta;
  SIM_HD void operator()(int j) const {
    int i;
    if (!paired.at(j, i)) return;
    Vec3 sum{0.0, 0.0, 0.0};
    const int* list = a.pairs + size_t(i) * kMaxSelfContacts;
    for (int k = 0; k < a.pair_count[i] && a.w[i] > 0.0; ++k) {
      const int j = list[k];
      Vec3 d;
      Real len;
      const Real C = a.C(i, j, d, len);
      if (C >= 0 || len <= Real(1e-12)) continue;
      const Real dl = -C / (Real(touching[i]) * a.w[i] + Real(touching[j]) * a.w[j]);  // Eq. 7, masses split
      sum += (a.w[i] * dl / len) * d;                                                  // Eq. 4, n = d/|d|
    }
    delta[i] = sum;
  }
};

// Ends the Jacobi pass: each particle with a pair moves by its summed correction.
struct ApplySelfContactDeltas {
  FlaggedIndices paired;
  Position* x;
  const Vec3* delta;  // [m]
  SIM_HD void operator()(int j) const {
    int i;
    if (paired.at(j, i)) x[i] += delta[i];
  }
};

template <class Core>
class SelfContactFamily::Stages : public FamilyHooks {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  // Sizes the grid: cells of the largest contact reach.
  void upload(Core& core, const HostModel& model) {
    self_ = model.self_collision;
    const size_t n = self_.enabled ? size_t(core.particle_count()) : 0;
    const Real r_max = model.particle_radius.empty()
                           ? 0.0
                           : *std::max_element(model.particle_radius.begin(), model.particle_radius.end());
    grid_cell_ = std::max(2.0 * r_max + self_.margin, 1e-6);
    grid_.reserve(n);
    Exec::resize(predicted_, n);
    Exec::resize(contacts_, n * kMaxSelfContacts);
    Exec::resize(count_, n);
    core.clear(count_);
    Exec::resize(pairs_, n * kMaxSelfContacts);
    Exec::resize(pair_count_, n);
    core.clear(pair_count_);
    Exec::resize(touching_, n);
    Exec::resize(delta_, n);
  }

  // Counting sort of the predicted positions into the hashed grid, then each particle's contact list.
  void detect(Core& core, Vec3 gravity, Real dt) {
    if (!self_.enabled) return;
    const int n = core.particle_count();
    Position* predicted = Exec::data(predicted_);
    core.launch(n, PredictFramePositions{core.x(), core.v(), core.w(), gravity, dt, predicted});
    grid_.build(core, predicted, n, grid_cell_);
    const HashGridView grid = grid_.view();
    core.launch(
        n, FindSelfContacts{grid, core.x(), predicted, Exec::data(core.model.particle_rest_x), core.radius(),
                            core.w(), self_, Exec::data(contacts_), Exec::data(count_)});
    core.launch(n, KeepMutualSelfContacts{Exec::data(contacts_), Exec::data(count_), Exec::data(pairs_),
                                          Exec::data(pair_count_)});
    paired_.build(core, Exec::data(pair_count_), n);
  }

  void project(Core& core, const Substep& sub) {
    if (!self_.enabled) return;
    const int n = paired_.launch_size();
    const FlaggedIndices paired = paired_.indices();
    const SelfContactArgs pairs{
        Exec::data(pairs_), Exec::data(pair_count_),       core.x(), core.xn(), core.w(),
        core.radius(),      self_.max_depenetration_speed, sub.h};
    core.launch(n, CountTouchingSelfContacts{pairs, paired, Exec::data(touching_)});
    core.launch(n, ProjectSelfContacts{pairs, paired, Exec::data(touching_), Exec::data(delta_)});
    core.launch(n, ApplySelfContactDeltas{paired, core.x(), Exec::data(delta_)});
  }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  SelfCollision self_;
  Real grid_cell_ = 0.0;  // hashed grid cell edge [m]
  HashGrid<Exec> grid_;
  Buffer<Position> predicted_;  // positions predicted over the detection step [m]
  Buffer<int> contacts_;                // kMaxSelfContacts per particle: each one's nearest candidates
  Buffer<int> count_;
  Buffer<int> pairs_;  // kMaxSelfContacts per particle: the mutual ones, projected
  Buffer<int> pair_count_;
  FlaggedList<Core> paired_;  // the particles with a pair
  Buffer<int> touching_;  // of each particle's pairs, how many touch at the current x
  Buffer<Vec3> delta_;    // each particle's summed correction [m]
};

}  // namespace SIM_PRECISION
}  // namespace sim
