// Built instead of viewer_entry.cpp when configured with -DSMALLSTEPS_VIEWER=OFF: the viewer is absent, and
// what needs it (view, run --record, run --compare) exits with status 2 saying so.
#include <cstdio>

#include "run/exit_codes.h"
#include "viewer_entry.h"

namespace app {

bool viewer_built() { return false; }

bool display_available() { return false; }

bool headless_rendering_available(std::string& why) {
  why = "this build has no viewer";
  return false;
}

int run_viewer(const ViewOptions& options) {
  const std::string message = no_viewer_message(options.interactive ? "the viewer opens a window"
                                                                    : "--record and --compare render frames");
  std::fprintf(stderr, "smallsteps: %s\n", message.c_str());
  return kExitUsage;
}

}  // namespace app
