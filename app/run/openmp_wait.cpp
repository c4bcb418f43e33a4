// The OpenMP wait policy set before the runtime reads it (run/openmp_wait.h).
#include "run/openmp_wait.h"

#include <unistd.h>

#include <cstdlib>

namespace app {

void limit_openmp_spinning(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT")) return;
  if (setenv("GOMP_SPINCOUNT", kOpenMpSpinCount, 1) != 0) return;
  execv("/proc/self/exe", argv);
  unsetenv("GOMP_SPINCOUNT");  // exec failed: this process's runtime keeps its defaults, and so do children
}

}  // namespace app
