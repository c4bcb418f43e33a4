// One frame of a World as the runner, the viewer and the soak all advance it: step, check for divergence,
// measure (energies, constraint error, force estimates, substeps, wall time), the metrics reduced on the
// backend so the State stays there. The energy line (issue 52 item 1): the total (kinetic + gravitational +
// every family's elastic energy) against World::energy_reference, the total before the first frame, over the
// scene's energy scale E_s; a frame something did work on the scene (a grab held, a family driving particles
// along targets) takes the reference again at its end, so the line measures only the energy nothing put in.
// A change of the step (substeps, solver, integrator) is not such work: the energy it adds is what it finds.
#pragma once

#include <optional>
#include <string>

#include "registry/frame_metrics.h"
#include "registry/settings.h"
#include "world/world.h"

namespace sim {
inline namespace SIM_PRECISION {

struct FrameResult {
  // "diverged at t = 0.35 s, frame 21 (reason; integrator, h = …, stiffness)" when the state is unfit:
  // non-finite, out of the scene bounds, or a kinetic energy beyond 10× World::energy_budget
  std::optional<std::string> divergence;
  FrameMetrics metrics;  // valid when divergence is empty
};

FrameResult step_and_measure(World& world, const Settings& settings);

// "diverged at t = …, frame … (reason; integrator, h = …, the model's stiffest part)".
std::string divergence_message(const World& world, const Settings& settings, const std::string& reason);

}  // namespace SIM_PRECISION
}  // namespace sim
