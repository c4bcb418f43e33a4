// Exit statuses of the smallsteps command line (documented in README.md).
#pragma once

namespace app {

enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,        // an unexpected runtime failure (I/O error mid-run, CUDA error)
  kExitUsage = 2,          // bad input: unknown scene/option/parameter, out of range, malformed preset
  kExitPhysicsFailed = 3,  // diverged (NaN, infinity, left the scene bounds), or under --fail-on-error the
                           // extension of a constraint passed its bound
};

}  // namespace app
