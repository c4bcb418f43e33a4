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

void note_rule_failed(sim::Stabilization mode, const std::string& who) {
  if (mode != sim::Stabilization::Substeps) return;
  std::fprintf(stderr,
               "smallsteps: %snote: Algorithm 1 as printed chooses N from the geometric stiffness of the exact step "
               "and cannot see an iterative solver's residual (docs/SCENES.md, Adaptive substepping); "
               "--adaptive residual also holds the residual to --adaptive-tolerance\n",
               who.c_str());
}

}  // namespace app
