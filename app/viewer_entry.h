// The viewer as the command line reaches it: main() includes this header and no viewer header. A build with
// the viewer (CMake option SMALLSTEPS_VIEWER, the default) implements it with app/viewer (viewer_entry.cpp);
// a build without one (-DSMALLSTEPS_VIEWER=OFF: no OpenGL, GLFW or ImGui) with viewer_absent.cpp, which says
// so, as sim/backend/cuda_absent.cpp does for CUDA.
#pragma once

#include <string>

#include "run/view_options.h"

namespace app {

// Whether this build has the viewer.
bool viewer_built();

// Whether a window can open here: DISPLAY or WAYLAND_DISPLAY is set (viewer/window.cpp); always false in a
// build without the viewer.
bool display_available();

// Whether frames can be rendered without a display, through EGL (viewer/egl_context.h); `why` says why not.
bool headless_rendering_available(std::string& why);

// Runs the viewer: the interactive window, or its hidden form for `run --record` / `run --compare`
// (options.interactive false); returns the exit status. Throws what the viewer throws (WindowError: no
// display, no GL 4.5; sim::ParamError; sim::BackendUnavailable). A build without the viewer prints
// no_viewer_message and returns kExitUsage.
int run_viewer(const ViewOptions& options);

// What a build without the viewer says when asked for `what` (e.g. "view opens a window").
inline std::string no_viewer_message(const std::string& what) {
  return "this build has no viewer (-DSMALLSTEPS_VIEWER=OFF): " + what +
         "; configure with -DSMALLSTEPS_VIEWER=ON (the default) to have it";
}

}  // namespace app
