// The verdict on a finished run's constraint error, shared by `run` and the rendering runs (--record,
// --compare): a summary line, a warning on stderr when the scene's bound (Model::extension_bound)
// was passed — the run still completes — and exit status 3 when the bound of --fail-on-error was passed.
#pragma once

#include <optional>
#include <string>

#include "metrics/error_watch.h"

namespace app {

// `who` prefixes the lines ("A: " in A/B runs). Returns kExitPhysicsFailed or kExitOk.
int report_constraint_error(const sim::ErrorWatch& watch, const std::optional<double>& fail_on_error,
                            const std::string& who = "");

}  // namespace app
