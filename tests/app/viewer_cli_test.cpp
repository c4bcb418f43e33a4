// The command line's viewer paths that open no window, in a build with the viewer (no Xvfb): `view` with
// no display says how to make a video instead.
#include <gtest/gtest.h>

#include <string>

#include "process.h"

namespace {

TEST(Cli, ViewWithoutADisplaySaysHowToRecordInstead) {
  const Result r = run("view --frames 1", "DISPLAY= WAYLAND_DISPLAY= ");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("needs a display"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("run --record"), std::string::npos) << r.output;
}

}  // namespace
