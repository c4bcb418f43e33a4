// The double core's Solver over the float core (backend/float_core.h): each call converts its values to rows
// of doubles (backend/wire.h) and back, at upload and read-back; the frame itself runs in float. Built into
// the double core when the float core is built beside it (sim/CMakeLists.txt).
#include "backend/float_bridge.h"

#include "backend/float_core.h"
#include "backend/wire.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

static_assert(sizeof(Real) == sizeof(double), "backend/float_bridge.cpp belongs to the double core");

class FloatBridge final : public Solver {
 public:
  explicit FloatBridge(std::unique_ptr<float_core::FloatSolver> peer) : peer_(std::move(peer)) {}

  void upload_model(const Model& model) override { peer_->upload_model(row(model)); }
  void upload_state(const State& state) override { peer_->upload_state(row(state)); }
  void continue_state(const State& state) override { peer_->continue_state(row(state)); }
  void set_grab(const Grab& grab) override { peer_->set_grab(row(grab)); }
  void hold(const GrabHold& hold) override { peer_->hold(row(hold)); }
  double grab_energy(Real h) override { return peer_->grab_energy(h); }
  void download_state(State& state) override {
    peer_->download_state(row_);
    from_wire(row_, state);
  }
  void download_positions(std::vector<Position>& x) override {
    peer_->download_positions(row_);
    from_wire(row_, x);
  }
  void download_part(State& state, int family) override {
    peer_->download_part(row_, family);
    from_wire(row_, state);
  }
  DrawSums write_draw(const DrawArrays& out, DrawQuantity quantity, bool out_on_host) override {
    peer_->write_draw({out.position, out.normal, out.value, out.instance, out.point}, int(quantity), out_on_host,
                      row_);
    return value<DrawSums>();
  }
  DrawCounts draw_counts() override {
    peer_->draw_counts(row_);
    return value<DrawCounts>();
  }
  MeasuredSums measure(Real h, Real gravity_scale) override {
    peer_->measure(h, gravity_scale, row_);
    return value<MeasuredSums>();
  }
  StepStats step(const Settings& settings, const StepFeedback& feedback) override {
    put_settings(settings, settings_row_);
    feedback_row_.clear();
    put(feedback, feedback_row_);
    peer_->step(settings_row_, feedback_row_, row_);
    return value<StepStats>();
  }

 private:
  template <class T>
  const wire::Numbers& row(const T& t) {
    row_.clear();
    put(t, row_);
    return row_;
  }
  template <class T>
  T value() const {
    T t{};
    from_wire(row_, t);
    return t;
  }
  std::unique_ptr<float_core::FloatSolver> peer_;
  wire::Numbers row_, settings_row_, feedback_row_;  // kept, so that their storage is reused frame after frame
};

}  // namespace

std::unique_ptr<Solver> make_float_solver(bool cuda) {
  return std::make_unique<FloatBridge>(float_core::make_solver(cuda));
}

}  // namespace SIM_PRECISION
}  // namespace sim
