// One frame of a World as the runner, the viewer and the soak all advance it: step, check for divergence,
// measure (energies, constraint error, force estimates, substeps, wall time), the metrics reduced on the
// backend so the State stays there.
#pragma once

#include <optional>
#include <string>

#include "metrics/metrics.h"
#include "solver/settings.h"
#include "world.h"

namespace sim {

struct FrameResult {
  std::optional<std::string> divergence;  // "diverged at frame N (reason)" when the state is unfit
  FrameMetrics metrics;                   // valid when divergence is empty
};

FrameResult step_and_measure(World& world, const Settings& settings);

}  // namespace sim
