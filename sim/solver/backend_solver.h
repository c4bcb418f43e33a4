// BackendSolver<Exec>: the Solver of one backend, written once against an execution policy. It holds the
// backend's copy of the Model and State (SolverCore), one Stages of every registered family, and the two
// frame steppers, of which Settings::integrator picks one each frame: Small Steps Algorithm 1
// (solver/xpbd/xpbd_stepper.h) or a force-based integrator (solver/force/force_stepper.h). It also writes
// what the viewer draws and reduces the metrics, on the backend.
// Included by backend/cpu_backend.cpp (Exec = CpuExec, OpenMP) and backend/cuda_backend.cu (Exec = CudaExec,
// kernel launches); Exec supplies Buffer<T>, parallel_for, reduce, copies and synchronize.
#pragma once

#include <vector>

#include "draw/draw_vertex.h"
#include "metrics/measure_frame.h"
#include "model/arrays.h"
#include "registry/family_list.h"
#include "solver/force/force_stepper.h"
#include "solver/solver.h"
#include "solver/solver_core.h"
#include "solver/xpbd/xpbd_stepper.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Exec>
class BackendSolver final : public Solver {
 public:
  using Core = SolverCore<Exec>;

  void upload_model(const Model& model) override {
    zip_fields(core_.model, model, [](auto& dst, auto& src) { Exec::upload(dst, src); });
    core_.gravity = model.gravity;
    bounds_ = model.bounds;
    probes_ = model.probes;
    Exec::resize(core_.x_prev, model.particle_inv_mass.size());
    each_family([&](auto& f) { f.upload(core_, model); });
    xpbd_.model_uploaded(core_);
    force_.model_uploaded(core_);
    force_.state_uploaded();
  }

  void upload_state(const State& state) override {
    continue_state(state);
    each_family([&](auto& f) { f.state_uploaded(core_); });
    xpbd_.state_uploaded();
    force_.state_uploaded();
  }

  void continue_state(const State& state) override {
    zip_fields(core_.state, state, [](auto& dst, auto& src) { Exec::upload(dst, src); });
  }

  void set_grab(const Grab& grab) override {
    each_family([&](auto& f) { f.set_grab(grab); });
  }

  void hold(const GrabHold& hold) override {
    each_family([&](auto& f) { f.hold(hold); });
  }

  double grab_energy(Real h) override {
    double energy = 0.0;
    each_family([&](auto& f) { energy += f.grab_energy(h); });
    return energy;
  }

  void download_state(State& state) override {
    zip_fields(state, core_.state, [](auto& dst, auto& src) { Exec::download(dst, src); });
  }

  void download_positions(std::vector<Position>& x) override { Exec::download(x, core_.state.particle_x); }

  void download_part(State& state, int family) override {
    Families::visit(family, [&](auto tag) {
      using F = typename decltype(tag)::type;
      using HostPart = typename F::template StatePart<HostVector>;
      using Part = typename F::template StatePart<Exec::template Buffer>;
      zip_fields(static_cast<HostPart&>(state), static_cast<Part&>(core_.state),
                 [](auto& dst, auto& src) { Exec::download(dst, src); });
    });
  }

  DrawCounts draw_counts() override {
    DrawCounts total;
    each_family([&](auto& f) {
      const DrawCounts c = f.draw_counts(core_);
      total.instances += c.instances;
      total.points += c.points;
    });
    return total;
  }

  DrawSums write_draw(const DrawArrays& out, DrawQuantity quantity, bool out_on_host) override {
    const typename Exec::Team::Span span(team_, false);
    const int n = core_.particle_count();
    const DrawCounts counts = draw_counts();
    const bool staged = out_on_host && !Exec::kHostMemory;  // written here, then copied to the host
    DrawArrays at = out;
    if (staged) {
      Exec::resize(draw_position_, size_t(3 * n));
      Exec::resize(draw_normal_, size_t(3 * n));
      Exec::resize(draw_value_, size_t(n));
      Exec::resize(draw_instance_, size_t(8 * counts.instances));
      Exec::resize(draw_point_, size_t(3 * counts.points));
      at = {Exec::data(draw_position_), Exec::data(draw_normal_), Exec::data(draw_value_),
            out.instance ? Exec::data(draw_instance_) : nullptr, out.point ? Exec::data(draw_point_) : nullptr};
    }
    const auto& m = core_.model;
    const bool surface = Exec::size(m.particle_triangle_offsets) == size_t(n) + 1;
    // One pass writes each vertex and reduces DrawSums: the written arrays are write-only mappings.
    DrawSums sums = Exec::template reduce<DrawSums>(
        n,
        WriteDrawVertex<decltype(Families::template draw_terms<Exec>(m, core_.state))>{
            core_.x(), core_.v(), Exec::data(m.surface_triangles),
            surface ? Exec::data(m.particle_triangle_offsets) : nullptr,
            surface ? Exec::data(m.particle_triangle_slots) : nullptr,
            Families::template draw_terms<Exec>(m, core_.state), quantity, at},
        reduce_scratch_);
    // Each family draws its instances and points after the ones before it.
    DrawCounts offset;
    each_family([&](auto& f) {
      const DrawCounts c = f.draw_counts(core_);
      DrawArrays part = at;
      part.instance = at.instance ? at.instance + 8 * offset.instances : nullptr;
      part.point = at.point ? at.point + 3 * offset.points : nullptr;
      if (c.instances > 0 || c.points > 0) sums = DrawSums::combine(sums, f.draw(core_, part, quantity));
      offset.instances += c.instances;
      offset.points += c.points;
    });
    if (staged) {
      Exec::copy_to_host(out.position, draw_position_, size_t(3 * n));
      Exec::copy_to_host(out.normal, draw_normal_, size_t(3 * n));
      Exec::copy_to_host(out.value, draw_value_, size_t(n));
      if (out.instance) Exec::copy_to_host(out.instance, draw_instance_, size_t(8 * counts.instances));
      if (out.point) Exec::copy_to_host(out.point, draw_point_, size_t(3 * counts.points));
    }
    return sums;
  }

  MeasuredSums measure(Real h, Real gravity_scale) override {
    const typename Exec::Team::Span span(team_, false);
    MeasuredSums sums = measure_frame<Exec, Families>(core_.model, core_.state,
                                                      MetricFrame{gravity_scale * core_.gravity, bounds_, h},
                                                      probes_, reduce_scratch_);
    for_each_family_sums(families_, sums.families, [](auto& f, auto& s) { f.add_frame_stats(s); });
    return sums;
  }

  StepStats step(const Settings& settings, const StepFeedback& feedback) override {
    team_.choose(settings.threads);
    const typename Exec::Team::Span span(team_, true);
    core_.detection_watch.reset();
    core_.search_watch.reset();
    core_.searches = 0;
    core_.launch_mode = resolved_launch(settings.cuda_launch);
    core_.launches = 0;
    const typename Exec::FrameLaunches frame(graphs_, core_.launch_mode);
    each_family([&](auto& f) { f.configure(core_, settings); });
    // The stepper Settings::integrator asks for; the other one's history no longer follows the State.
    const bool xpbd = settings.integrator == Integrator::Xpbd;
    FrameStepper<Exec>& stepper = xpbd ? static_cast<FrameStepper<Exec>&>(xpbd_) : force_;
    FrameStepper<Exec>& other = xpbd ? static_cast<FrameStepper<Exec>&>(force_) : xpbd_;
    StepStats stats;
    stepper.step(core_, families_, settings, feedback, stats);
    other.state_uploaded();
    Exec::synchronize();  // the frame's one wait for the backend
    stats.detection_ms = core_.detection_watch.elapsed_ms();
    stats.search_ms = core_.search_watch.elapsed_ms();
    stats.searches = core_.searches;
    stats.nodes = core_.launches;
    stats.launch_mode = core_.launch_mode;
    stats.launches = frame.host_launches(core_.launches);
    stats.threads = team_.size();
    return stats;
  }

 private:
  template <class Fn>
  void each_family(Fn&& f) {
    for_each_family(families_, f);
  }

  Core core_;
  typename Families::template Stages<Core> families_;
  XpbdStepper<Exec> xpbd_;
  ForceStepper<Exec> force_;
  Aabb bounds_{};
  std::vector<Probe> probes_;
  typename Exec::template Buffer<unsigned char>
      reduce_scratch_;  // the backend's working memory for reductions
  // write_draw's arrays when the host wants them
  typename Exec::template Buffer<float> draw_position_, draw_normal_, draw_value_, draw_instance_,
      draw_point_;
  typename Exec::Team team_;          // the CPU threads the frames run on
  typename Exec::GraphCache graphs_;  // the frames' CUDA graphs
};

}  // namespace SIM_PRECISION
}  // namespace sim
