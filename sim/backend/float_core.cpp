// The float core's side of backend/float_core.h: a Solver of this core (compiled with Real = float) behind
// rows of doubles (backend/wire.h). Built only into the float core beside the double one (sim/CMakeLists.txt).
#include "backend/float_core.h"

#include "backend/backend.h"
#include "backend/wire.h"

namespace sim {
namespace float_core {
namespace {

static_assert(sizeof(Real) == sizeof(float), "backend/float_core.cpp belongs to the float core");

class Peer final : public FloatSolver {
 public:
  explicit Peer(std::unique_ptr<Solver> solver) : solver_(std::move(solver)) {}

  void upload_model(const Numbers& model) override {
    Model m;
    from_wire(model, m);
    solver_->upload_model(m);
  }
  void upload_state(const Numbers& state) override {
    from_wire(state, state_);
    solver_->upload_state(state_);
  }
  void continue_state(const Numbers& state) override {
    from_wire(state, state_);
    solver_->continue_state(state_);
  }
  void set_grab(const Numbers& grab) override {
    Grab g;
    from_wire(grab, g);
    solver_->set_grab(g);
  }
  void hold(const Numbers& hold) override {
    GrabHold h;
    from_wire(hold, h);
    solver_->hold(h);
  }
  double grab_energy(double h) override { return solver_->grab_energy(Real(h)); }
  void download_state(Numbers& state) override {
    solver_->download_state(state_);
    state.clear();
    put(state_, state);
  }
  void download_positions(Numbers& positions) override {
    solver_->download_positions(x_);
    positions.clear();
    put(x_, positions);
  }
  // The part lands in this side's copy of the State, which the double side's copy mirrors (both are
  // written by the same downloads), so the whole copy crosses.
  void download_part(Numbers& state, int family) override {
    solver_->download_part(state_, family);
    state.clear();
    put(state_, state);
  }
  void write_draw(const DrawTarget& out, int quantity, bool out_on_host, Numbers& sums) override {
    const DrawArrays arrays{out.position, out.normal, out.value, out.instance, out.point};
    sums.clear();
    put(solver_->write_draw(arrays, DrawQuantity(quantity), out_on_host), sums);
  }
  void draw_counts(Numbers& counts) override {
    counts.clear();
    put(solver_->draw_counts(), counts);
  }
  void measure(double h, double gravity_scale, Numbers& sums) override {
    sums.clear();
    put(solver_->measure(Real(h), Real(gravity_scale)), sums);
  }
  void step(const Numbers& settings, const Numbers& feedback, Numbers& stats) override {
    StepFeedback f;
    from_wire(feedback, f);
    stats.clear();
    put(solver_->step(settings_from_wire(settings), f), stats);
  }

 private:
  std::unique_ptr<Solver> solver_;
  State state_;
  std::vector<Position> x_;
};

}  // namespace

std::unique_ptr<FloatSolver> make_solver(bool cuda) {
  return std::make_unique<Peer>(cuda ? make_cuda_solver() : make_cpu_solver());
}

CudaAnswer cuda_availability() {
  const CudaAvailability a = sim::cuda_availability();
  return {a.available, a.detail, a.built_for};
}

}  // namespace float_core
}  // namespace sim
