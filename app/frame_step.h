// One frame of a World as the runner and the viewer both advance it: step, check for divergence,
// measure (energies, constraint error, force estimates, substeps, wall time).
#pragma once

#include <optional>
#include <string>

#include "metrics/metrics.h"
#include "solver/settings.h"
#include "world.h"

namespace app {

struct FrameResult {
  std::optional<std::string> divergence;  // "diverged at frame N (reason)" when the state is unfit
  sim::FrameMetrics metrics;              // valid when divergence is empty
};

FrameResult step_and_measure(sim::World& world, const sim::Settings& settings);

}  // namespace app
