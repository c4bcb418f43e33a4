// XpbdSolver<Exec>: Small Steps Algorithm 1 written once against an execution policy.
// Included by backend/cpu_backend.cpp (Exec = CpuExec, OpenMP) and backend/cuda_backend.cu
// (Exec = CudaExec, kernel launches); Exec supplies Buffer<T>, parallel_for, copies and synchronize.
#pragma once

#include <algorithm>
#include <cmath>

#include "metrics/reduce_metrics.h"
#include "model/arrays.h"
#include "solver/contact_stages.h"
#include "solver/self_collision_stages.h"
#include "solver/solver.h"
#include "solver/stages.h"

namespace sim {

template <class Exec>
class XpbdSolver final : public Solver {
 public:
  void upload_model(const Model& model) override {
    zip_fields(model_, model, [](auto& dst, auto& src) { Exec::upload(dst, src); });
    colour_offsets_ = model.colour_offsets;
    edge_colours_.clear();  // the colours of stretch edges (one kind per colour, model/colouring.h)
    for (int c = 0; c < model.colour_count(); ++c)
      if (model.distance_kind[size_t(model.colour_offsets[size_t(c)])] == DistanceKind::Stretch)
        edge_colours_.push_back(c);
    gravity_ = model.gravity;
    bounds_ = model.bounds;
    probes_ = model.probes;
    ground_ = model.ground;
    collider_ = model.collider;
    collider_.sdf.phi = Exec::data(model_.collider_phi);
    self_ = model.self_collision;
    const size_t n = model.particle_inv_mass.size();
    Exec::resize(x_prev_, n);
    Exec::resize(delta_, n);
    clear(delta_);
    Exec::resize(contact_active_, ground_.enabled ? n : 0);
    Exec::resize(contact_lambda_, ground_.enabled ? n : 0);
    Exec::resize(grab_lambda_, 1);
    Exec::resize(collider_active_, collider_.enabled ? n : 0);
    Exec::resize(collider_lambda_, collider_.enabled ? n : 0);
    Exec::resize(collider_allowance_, collider_.enabled ? n : 0);
    const size_t edges = collider_.enabled ? model.distance_rest_length.size() : 0;
    Exec::resize(edge_active_, edges);
    Exec::resize(edge_lambda_, edges);
    Exec::resize(edge_allowance_, edges);
    upload_self_collision_grid(model);
  }

  void upload_state(const State& state) override {
    zip_fields(state_, state, [](auto& dst, auto& src) { Exec::upload(dst, src); });
    Exec::upload(attachment_target_start_, state.attachment_target);
  }

  void upload_attachment_targets(const std::vector<Vec3>& targets) override {
    Exec::upload(state_.attachment_target, targets);
  }

  void set_grab(const Grab& grab) override {
    if (grab.particle != grab_.particle) grab_start_ = grab.target;
    grab_ = grab;
  }

  void download_state(State& state) override {
    zip_fields(state, state_, [](auto& dst, auto& src) { Exec::download(dst, src); });
  }

  void download_positions(std::vector<Vec3>& x) override { Exec::download(x, state_.particle_x); }

  DrawSums write_draw(const DrawArrays& out, DrawQuantity quantity, bool out_on_host) override {
    const typename Exec::Team::Span span(team_, false);
    const int n = int(Exec::size(model_.particle_inv_mass));
    const bool staged = out_on_host && !Exec::kHostMemory;  // written here, then copied to the host
    DrawArrays at = out;
    if (staged) {
      Exec::resize(draw_position_, size_t(3 * n));
      Exec::resize(draw_normal_, size_t(3 * n));
      Exec::resize(draw_value_, size_t(n));
      at = {Exec::data(draw_position_), Exec::data(draw_normal_), Exec::data(draw_value_)};
    }
    const bool surface = Exec::size(model_.particle_triangle_offsets) == size_t(n) + 1;
    // One pass writes each vertex and reduces DrawSums: the written arrays are write-only mappings.
    const DrawSums sums = Exec::template reduce<DrawSums>(
        n,
        WriteDrawVertex{Exec::data(state_.particle_x), Exec::data(state_.particle_v),
                        Exec::data(model_.surface_triangles),
                        surface ? Exec::data(model_.particle_triangle_offsets) : nullptr,
                        surface ? Exec::data(model_.particle_triangle_slots) : nullptr,
                        Exec::data(model_.distance_particles), Exec::data(model_.distance_rest_length),
                        Exec::data(model_.particle_distance_offsets),
                        Exec::data(model_.particle_distance_slots), quantity, at},
        reduce_scratch_);
    if (staged) {
      Exec::copy_to_host(out.position, draw_position_, size_t(3 * n));
      Exec::copy_to_host(out.normal, draw_normal_, size_t(3 * n));
      Exec::copy_to_host(out.value, draw_value_, size_t(n));
    }
    return sums;
  }

  MeasuredSums measure(Real h, Real gravity_scale) override {
    const typename Exec::Team::Span span(team_, false);
    return reduce_metrics<Exec>(model_, state_, MetricFrame{gravity_scale * gravity_, bounds_, collider_, h},
                                probes_, reduce_scratch_);
  }

  StepStats step(const Settings& s) override {
    const int n_particles = int(Exec::size(model_.particle_inv_mass));
    const int n_distance = int(Exec::size(model_.distance_rest_length));
    const int n_attach = int(Exec::size(model_.attachment_particle));
    const Real h = s.substep_dt();
    const Vec3 gravity = s.gravity_scale * gravity_;
    const bool grabbing = grab_.particle >= 0 && grab_.particle < n_particles;
    const bool per_substep = s.contact_detection == ContactDetection::PerSubstep;
    Vec3* x = Exec::data(state_.particle_x);
    Vec3* v = Exec::data(state_.particle_v);
    Vec3* x_prev = Exec::data(x_prev_);
    Vec3* delta = Exec::data(delta_);
    const Real* w = Exec::data(model_.particle_inv_mass);
    const Real* radius = Exec::data(model_.particle_radius);
    team_.choose(s.threads);
    const typename Exec::Team::Span span(team_, true);
    detection_watch_.reset();
    launches_ = 0;
    if (!per_substep) detect_contacts(gravity, s.frame_dt);

    const DistanceArgs distance{Exec::data(model_.distance_particles),
                                Exec::data(model_.distance_rest_length),
                                Exec::data(model_.distance_compliance),
                                Exec::data(model_.distance_damping),
                                Exec::data(state_.distance_lambda),
                                x_prev,
                                w,
                                h};
    const Vec3* target_start = Exec::data(attachment_target_start_);
    const Vec3* target_end = Exec::data(state_.attachment_target);
    for (int sub = 0; sub < s.substeps; ++sub) {
      if (per_substep) detect_contacts(gravity, h);
      const Real fraction = Real(sub + 1) / Real(s.substeps);
      launch(n_particles, Predict{x, x_prev, v, w, gravity, h});
      clear(state_.distance_lambda);
      clear(state_.attachment_lambda);
      clear(contact_lambda_);
      clear(collider_lambda_);
      clear(edge_lambda_);
      if (collider_.enabled) {
        launch(n_particles, ColliderContactAllowance{Exec::data(collider_active_), x_prev, radius, collider_,
                                                     h, Exec::data(collider_allowance_)});
        launch(n_distance,
               ColliderEdgeAllowance{edge_args(), x_prev, collider_, h, Exec::data(edge_allowance_)});
      }
      if (grabbing) clear(grab_lambda_);
      for (int it = 0; it < s.iterations; ++it) {
        if (s.order == SolverOrder::GaussSeidel) {
          for (size_t c = 0; c + 1 < colour_offsets_.size(); ++c)
            launch(colour_offsets_[c + 1] - colour_offsets_[c],
                   ProjectDistanceColour{distance, x, colour_offsets_[c]});
        } else if (n_distance > 0) {
          Exec::resize(distance_correction_, 2 * size_t(n_distance));
          Vec3* correction = Exec::data(distance_correction_);
          const int* offsets = Exec::data(model_.particle_distance_offsets);
          launch(n_distance, ProjectDistanceJacobi{distance, x, correction, offsets, s.jacobi_omega});
          launch(n_particles,
                 GatherCorrections{offsets, Exec::data(model_.particle_distance_slots), correction, x});
        }
        if (n_attach > 0)
          launch(n_attach,
                 ProjectAttachments{Exec::data(model_.attachment_particle),
                                    Exec::data(model_.attachment_compliance), target_start, target_end,
                                    fraction, Exec::data(state_.attachment_lambda), x, w, h});
        if (grabbing)
          launch(1, ProjectGrab{grab_.particle, grab_start_, grab_.target, grab_.compliance, fraction,
                                Exec::data(grab_lambda_), x, w, h});
        if (self_.enabled) {
          const SelfContactArgs pairs{Exec::data(self_pairs_),
                                      Exec::data(self_pair_count_),
                                      x,
                                      x_prev,
                                      w,
                                      radius,
                                      self_.max_depenetration_speed,
                                      h};
          launch(n_particles, CountTouchingSelfContacts{pairs, Exec::data(self_touching_)});
          launch(n_particles, ProjectSelfContacts{pairs, Exec::data(self_touching_), delta});
          launch(n_particles, ApplyJacobiDeltas{x, delta});
        }
        if (collider_.enabled) {
          for (const int c : edge_colours_)
            launch(colour_offsets_[c + 1] - colour_offsets_[c],
                   ProjectColliderEdgeColour{edge_args(), x, x_prev, Exec::data(edge_lambda_),
                                             Exec::data(edge_allowance_), collider_, colour_offsets_[c]});
          launch(n_particles, ProjectColliderContacts{{Exec::data(collider_active_), x, x_prev, w, radius,
                                                       Exec::data(collider_lambda_), h},
                                                      collider_,
                                                      Exec::data(collider_allowance_)});
        }
        if (ground_.enabled)
          launch(n_particles, ProjectGroundContacts{{Exec::data(contact_active_), x, x_prev, w, radius,
                                                     Exec::data(contact_lambda_), h},
                                                    ground_});
      }
      launch(n_particles, UpdateVelocity{x, x_prev, v, 1.0 / h, std::exp(-s.damping * h)});
    }
    if (n_attach > 0) {
      ++launches_;
      Exec::copy(attachment_target_start_, state_.attachment_target);
    }
    grab_start_ = grab_.target;
    Exec::synchronize();  // the frame's one wait for the backend
    StepStats stats;
    stats.detection_ms = detection_watch_.elapsed_ms();
    stats.launches = launches_;
    stats.threads = team_.size();
    return stats;
  }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;

  // A step's backend operations go through launch and clear (kernel launches and memsets on CUDA), which
  // count them: launches per frame say how much a small scene pays in launch latency.
  template <class F>
  void launch(int n, const F& f) {
    if (n <= 0) return;
    ++launches_;
    Exec::parallel_for(n, f);
  }
  template <class T>
  void clear(Buffer<T>& b) {
    if (Exec::size(b) == 0) return;
    ++launches_;
    Exec::fill_zero(b);
  }

  // Sizes the self-collision grid: cells of the largest contact reach, a table of at least 2n buckets.
  void upload_self_collision_grid(const Model& model) {
    const size_t n = model.particle_inv_mass.size();
    const size_t per_particle = self_.enabled ? n : 0;
    const Real r_max = model.particle_radius.empty()
                           ? 0.0
                           : *std::max_element(model.particle_radius.begin(), model.particle_radius.end());
    grid_cell_ = std::max(2.0 * r_max + self_.margin, 1e-6);
    size_t table = 1;
    while (table < 2 * per_particle) table *= 2;
    grid_mask_ = unsigned(table - 1);
    Exec::resize(predicted_, per_particle);
    Exec::resize(particle_bucket_, per_particle);
    Exec::resize(particle_key_, per_particle);
    Exec::resize(sorted_, per_particle);
    Exec::resize(sorted_key_, per_particle);
    Exec::resize(bucket_count_, per_particle > 0 ? table + 1 : 0);
    Exec::resize(self_contacts_, per_particle * kMaxSelfContacts);
    Exec::resize(self_count_, per_particle);
    clear(self_count_);
    Exec::resize(self_pairs_, per_particle * kMaxSelfContacts);
    Exec::resize(self_pair_count_, per_particle);
    clear(self_pair_count_);
    Exec::resize(self_touching_, per_particle);
  }

  // Algorithm 1 line 1 (§4.2): contacts along the path predicted over dt, timed by detection_watch_.
  void detect_contacts(Vec3 gravity, Real dt) {
    if (!ground_.enabled && !collider_.enabled && !self_.enabled) return;
    detection_watch_.start();
    const int n = int(Exec::size(model_.particle_inv_mass));
    const Vec3* x = Exec::data(state_.particle_x);
    const Vec3* v = Exec::data(state_.particle_v);
    const Real* w = Exec::data(model_.particle_inv_mass);
    const Real* radius = Exec::data(model_.particle_radius);
    if (ground_.enabled)
      launch(n, DetectGroundContacts{{x, v, w, radius, Exec::data(contact_active_), gravity, dt}, ground_});
    if (collider_.enabled) {
      launch(n,
             DetectColliderContacts{{x, v, w, radius, Exec::data(collider_active_), gravity, dt}, collider_});
      launch(int(Exec::size(edge_active_)),
             DetectColliderEdgeContacts{edge_args(), x, v, gravity, dt, collider_});
    }
    if (self_.enabled) find_self_contacts(gravity, dt);
    detection_watch_.stop();
  }

  ColliderEdgeArgs edge_args() {
    return {Exec::data(model_.distance_particles), Exec::data(model_.distance_kind),
            Exec::data(model_.particle_inv_mass), Exec::data(model_.particle_radius),
            Exec::data(edge_active_)};
  }

  // Counting sort of the predicted positions into the hashed grid, then each particle's contact list.
  void find_self_contacts(Vec3 gravity, Real dt) {
    const int n = int(Exec::size(particle_bucket_));
    const Vec3* x = Exec::data(state_.particle_x);
    Vec3* predicted = Exec::data(predicted_);
    launch(n, PredictFramePositions{x, Exec::data(state_.particle_v), Exec::data(model_.particle_inv_mass),
                                    gravity, dt, predicted});
    clear(bucket_count_);
    launch(n, HashGridCount{predicted, grid_cell_, grid_mask_, Exec::data(particle_bucket_),
                            Exec::data(particle_key_), Exec::data(bucket_count_)});
    ++launches_;
    Exec::exclusive_scan(bucket_count_, bucket_start_, scan_scratch_);
    clear(bucket_count_);
    launch(n,
           HashGridScatter{Exec::data(particle_bucket_), Exec::data(particle_key_), Exec::data(bucket_start_),
                           Exec::data(bucket_count_), Exec::data(sorted_), Exec::data(sorted_key_)});
    launch(int(grid_mask_) + 1,
           HashGridSortBucket{Exec::data(bucket_start_), Exec::data(sorted_), Exec::data(sorted_key_)});
    const HashGridView grid{grid_cell_, grid_mask_, Exec::data(bucket_start_), Exec::data(sorted_),
                            Exec::data(sorted_key_)};
    launch(n, FindSelfContacts{grid, x, predicted, Exec::data(model_.particle_rest_x),
                               Exec::data(model_.particle_radius), Exec::data(model_.particle_inv_mass),
                               self_, Exec::data(self_contacts_), Exec::data(self_count_)});
    launch(n, KeepMutualSelfContacts{Exec::data(self_contacts_), Exec::data(self_count_),
                                     Exec::data(self_pairs_), Exec::data(self_pair_count_)});
  }

  ModelArrays<Exec::template Buffer> model_;
  StateArrays<Exec::template Buffer> state_;
  std::vector<int> colour_offsets_;
  std::vector<int> edge_colours_;
  Vec3 gravity_{};
  Aabb bounds_{};
  std::vector<Probe> probes_;
  Buffer<unsigned char> reduce_scratch_;      // the backend's working memory for the metric reductions
  Buffer<float> draw_position_, draw_normal_, draw_value_;  // write_draw's arrays when the host wants them
  typename Exec::Stopwatch detection_watch_;  // contact detection within the frame
  long long launches_ = 0;                    // backend operations in the current step
  typename Exec::Team team_;                  // the CPU threads the frames run on
  GroundPlane ground_;
  Buffer<Vec3> x_prev_;                   // xⁿ, positions at the start of the substep [m]
  Buffer<Vec3> delta_;                    // self-contact correction of each particle [m]
  Buffer<Vec3> distance_correction_;      // Jacobi: each distance constraint's corrections, 2 slots each [m]
  Buffer<Vec3> attachment_target_start_;  // attachment targets at the start of the frame [m]
  Buffer<unsigned char> contact_active_;  // ground contact found by the detection
  Buffer<ContactMultipliers> contact_lambda_;
  SdfCollider collider_;                   // sdf.phi points into model_.collider_phi
  Buffer<unsigned char> collider_active_;  // collider contact found by the detection
  Buffer<ContactMultipliers> collider_lambda_;
  Buffer<Real> collider_allowance_;        // Eq. 10 allowance of each collider contact this substep [m]
  Buffer<unsigned char> edge_active_;      // per distance constraint: a stretch edge touching the collider
  Buffer<ContactMultipliers> edge_lambda_;
  Buffer<Real> edge_allowance_;  // [m]
  SelfCollision self_;
  Real grid_cell_ = 0.0;  // hashed grid cell edge [m]
  unsigned grid_mask_ = 0;
  Buffer<Vec3> predicted_;  // positions predicted over the detection step [m]
  Buffer<int> particle_bucket_, bucket_count_, bucket_start_, sorted_;
  Buffer<CellKey> particle_key_, sorted_key_;
  Buffer<unsigned char> scan_scratch_;  // the backend's working memory for the bucket scan
  Buffer<int> self_contacts_;           // kMaxSelfContacts per particle: each one's nearest candidates
  Buffer<int> self_count_;
  Buffer<int> self_pairs_;  // kMaxSelfContacts per particle: the mutual ones, projected
  Buffer<int> self_pair_count_;
  Buffer<int> self_touching_;  // of each particle's pairs, how many touch at the current x
  Grab grab_;
  Vec3 grab_start_{};          // the grab target at the start of the frame [m]
  Buffer<Real> grab_lambda_;   // λ of the grab [N·s²]
};

}  // namespace sim
