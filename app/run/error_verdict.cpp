#include "run/error_verdict.h"

#include <cstdio>

#include "metrics/report.h"
#include "run/exit_codes.h"

namespace app {

int report_constraint_error(const sim::ErrorWatch& watch, const std::optional<double>& fail_on_error,
                            const std::string& who) {
  const std::string report = watch.report();
  std::printf("%sphysics      %s: %s\n", who.c_str(), watch.exceeded() ? "FAILED" : "ok", report.c_str());
  if (watch.exceeded())
    std::fprintf(stderr, "smallsteps: %swarning: the physics failed: %s\n", who.c_str(), report.c_str());
  if (!fail_on_error) return kExitOk;
  const sim::WatchedCheck* over = watch.over(*fail_on_error);
  if (!over) return kExitOk;
  const sim::FailureCheck& worst = over->worst;
  std::fprintf(stderr, "smallsteps: %s--fail-on-error: %s %s (frame %d) passed %s\n", who.c_str(),
               worst.name.c_str(), sim::format_measure(worst.value, worst.unit).c_str(), over->worst_frame,
               sim::format_measure(sim::bound_for(worst, *fail_on_error), worst.unit).c_str());
  return kExitPhysicsFailed;
}

}  // namespace app
