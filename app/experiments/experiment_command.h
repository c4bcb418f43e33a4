// `smallsteps experiment list | all | <name> [--out DIR] [--backend B] [--quick]`: runs experiments
// (experiment.h) headless and writes, per experiment, DIR/<name>/<run>.csv (one row per frame),
// DIR/<name>/summary.json (the runs, their largest values, the findings beside the paper's) and
// DIR/<name>/<plot>.png; `all` also writes DIR/index.md, the report page: every plot, and the findings beside
// the paper's values.
#pragma once

#include <string>

#include "backend/backend.h"

namespace app {

struct ExperimentOptions {
  std::string name;  // an experiment, "all" or "list"
  std::string out = "experiments";
  sim::BackendKind backend = sim::BackendKind::Auto;
  bool quick = false;  // the reduced runs the tests use
  bool progress = true;
};

// The exit status: 0, 2 (unknown name, unwritable folder), 3 (a run diverged) or 1.
int run_experiments(const ExperimentOptions& options);

}  // namespace app
