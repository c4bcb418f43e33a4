// The viewer's entry in a build with the viewer (SMALLSTEPS_VIEWER=ON); viewer_absent.cpp stands in
// otherwise.
#include "viewer_entry.h"

#include "viewer/viewer.h"

namespace app {

bool viewer_built() { return true; }

int run_viewer(const ViewOptions& options) {
  Viewer viewer(options);
  return viewer.run();
}

}  // namespace app
