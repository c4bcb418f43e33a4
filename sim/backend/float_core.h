// The core compiled in float, reached from the core in double (issue 51 item 0: the CUDA backend in FP32 beside
// the CPU in FP64 in one program, converting at the backend's upload and read-back, never a second copy of the
// physics: the same sources compiled a second time with Real = float, sim/CMakeLists.txt). A float Solver
// behind an interface of doubles: every value crosses as a row of backend/wire.h, in the order both cores
// walk it. No Real here: the double core includes this header and the float core implements it
// (backend/float_core.cpp); backend/float_bridge.cpp is the double core's Solver over it.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace sim {
namespace float_core {

using Numbers = std::vector<double>;

// Where write_draw writes (draw/draw_arrays.h's DrawArrays, which is float in both cores).
struct DrawTarget {
  float* position;
  float* normal;
  float* value;
  float* instance;
  float* point;
};

// A Solver (solver/solver.h) of the float core; each row is the wire of the value the Solver's method takes
// or gives: Model, State, Grab, GrabHold, DrawSums, DrawCounts, MeasuredSums, StepFeedback, StepStats;
// settings as Settings' table (registry/settings.h: setting_specs(), each spec's value in order).
class FloatSolver {
 public:
  virtual ~FloatSolver() = default;
  virtual void upload_model(const Numbers& model) = 0;
  virtual void upload_state(const Numbers& state) = 0;
  virtual void continue_state(const Numbers& state) = 0;
  virtual void set_grab(const Numbers& grab) = 0;
  virtual void hold(const Numbers& hold) = 0;
  virtual double grab_energy(double h) = 0;
  virtual void download_state(Numbers& state) = 0;
  virtual void download_positions(Numbers& positions) = 0;
  virtual void download_part(Numbers& state, int family) = 0;
  virtual void write_draw(const DrawTarget& out, int quantity, bool out_on_host, Numbers& sums) = 0;
  virtual void draw_counts(Numbers& counts) = 0;
  virtual void measure(double h, double gravity_scale, Numbers& sums) = 0;
  virtual void step(const Numbers& settings, const Numbers& feedback, Numbers& stats) = 0;
};

struct CudaAnswer {  // backend/backend.h's CudaAvailability, from the float core's CUDA runtime
  bool available;
  std::string detail;
  std::string built_for;
};

// The float core's CPU backend, or its CUDA backend (only where cuda_availability() says available).
std::unique_ptr<FloatSolver> make_solver(bool cuda);
CudaAnswer cuda_availability();

}  // namespace float_core
}  // namespace sim
