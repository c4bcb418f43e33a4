// The headless runner: builds the scene, steps it frame by frame, checks for divergence, writes
// metrics and prints a summary. Returns the process exit status (exit_codes.h).
#pragma once

#include "run/run_options.h"

namespace app {

int run_headless(const RunOptions& options);

}  // namespace app
