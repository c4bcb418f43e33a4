#include "run/error_verdict.h"

#include <cstdio>

#include "run/exit_codes.h"

namespace app {

int report_constraint_error(const sim::ErrorWatch& watch, const std::optional<double>& fail_on_error,
                            const std::string& who) {
  if (watch.bound() > 0.0) {
    std::printf("%sphysics      %s: %s\n", who.c_str(), watch.exceeded() ? "FAILED" : "ok",
                watch.report().c_str());
    if (watch.exceeded())
      std::fprintf(stderr, "smallsteps: %swarning: the physics failed: %s\n", who.c_str(),
                   watch.report().c_str());
  }
  if (!fail_on_error) return kExitOk;
  const double bound = *fail_on_error > 0.0 ? *fail_on_error : watch.bound();
  if (!(bound > 0.0) || watch.worst() <= bound) return kExitOk;
  std::fprintf(stderr,
               "smallsteps: %s--fail-on-error: constraint extension %.4g m (frame %d) passed %.4g m\n",
               who.c_str(), watch.worst(), watch.worst_frame(), bound);
  return kExitPhysicsFailed;
}

}  // namespace app
