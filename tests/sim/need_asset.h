// A test that needs a fetched asset (the Stanford bunny: scripts/fetch_bunny.sh, assets/CMakeLists.txt) skips
// without it, unless SMALLSTEPS_REQUIRE_ASSETS is set (.ci/run sets it): then it fails, so that a missing
// asset cannot turn the bunny's tests into skips that pass (issue 52 item 8).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

inline bool assets_required() {
  const char* v = std::getenv("SMALLSTEPS_REQUIRE_ASSETS");
  return v && *v && std::string(v) != "0";
}

// In a test body: skip (or, with SMALLSTEPS_REQUIRE_ASSETS, fail) unless `found`.
#define SMALLSTEPS_NEED_ASSET(found, name)                                                            \
  do {                                                                                                \
    if (!(found)) {                                                                                   \
      if (assets_required()) FAIL() << name << " not found, and SMALLSTEPS_REQUIRE_ASSETS is set";   \
      GTEST_SKIP() << name << " not found; set SMALLSTEPS_ASSET_DIR or run scripts/fetch_bunny.sh"; \
    }                                                                                                 \
  } while (0)
