// The verdict on a finished run's failure checks (metrics/failure_check.h: each family's measure against its
// bound), shared by `run` and the rendering runs (--record, --compare): the `physics` summary line, a
// warning on stderr when a bound was passed — the run still completes — and exit status 3 when a bound of
// --fail-on-error was: the families' own, with the lengths' replaced by its value M [m] when one is given.
#pragma once

#include <optional>
#include <string>

#include "metrics/error_watch.h"
#include "settings/settings.h"

namespace app {

// `who` prefixes the lines ("A: " in A/B runs). Returns kExitPhysicsFailed or kExitOk.
int report_constraint_error(const sim::ErrorWatch& watch, const std::optional<double>& fail_on_error,
                            const std::string& who = "");

// After a run that failed (a bound passed, or diverged) under Algorithm 1 as printed (--adaptive substeps):
// why, on stderr. Its N reads the geometric stiffness of the exact step only; an iterative solve's residual
// (XPBD's one iteration, PGS) is what came apart, which the residual rule also answers (issue 50).
void note_rule_failed(sim::Stabilization mode, const std::string& who = "");

}  // namespace app
