// How long GCC's OpenMP (libgomp) lets an idle thread spin at a barrier before it sleeps. Unless told
// otherwise libgomp spins 300,000 rounds, and it reads OMP_WAIT_POLICY and GOMP_SPINCOUNT once, as it loads,
// before main. On a loaded machine a thread that spins while its partner waits for a core burns the slice
// that partner needs: issue 41 measured 1,274 ms/frame at --threads 2 against 11.1 at --threads 1 on the 100²
// cloth with two competing processes (bench/threads_under_load.sh, docs/PERFORMANCE.md).
#pragma once

namespace app {

// libgomp's spin rounds before an idle thread sleeps, chosen by bench/threads_under_load.sh [-].
inline constexpr const char* kOpenMpSpinCount = "300";

// Unless OMP_WAIT_POLICY or GOMP_SPINCOUNT is set, sets GOMP_SPINCOUNT = kOpenMpSpinCount and executes this
// program again (/proc/self/exe, the same argv), so that its OpenMP runtime reads it; if that exec fails,
// returns and the run goes on with libgomp's defaults.
void limit_openmp_spinning(char** argv);

}  // namespace app
