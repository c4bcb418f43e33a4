// Runs the smallsteps executable (SMALLSTEPS_EXE) with arguments and captures its exit status and output;
// the shipped presets (SMALLSTEPS_PRESET_DIR), where a test names them.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct Result {
  int status;
  std::string output;  // stdout and stderr together
};

// `env` is prepended to the command line ("NAME=value ").
inline Result run(const std::string& args, const std::string& env = "") {
  const std::string cmd = env + std::string(SMALLSTEPS_EXE) + " " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  Result r{-1, ""};
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), int(buf.size()), pipe)) r.output += buf.data();
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

// Expects `args` to be refused as bad input: exit status 2 and `needle` in the output.
inline void expect_usage_error(const std::string& args, const std::string& needle) {
  const Result r = run(args);
  EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
  EXPECT_NE(r.output.find(needle), std::string::npos) << args << "\n" << r.output;
}

#ifdef SMALLSTEPS_PRESET_DIR
// The shipped presets that record (an A/B video: they render) or those that do not, sorted.
inline std::vector<std::filesystem::path> shipped_presets(bool recording) {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(SMALLSTEPS_PRESET_DIR)) {
    if (entry.path().extension() != ".json") continue;
    std::stringstream text;
    text << std::ifstream(entry.path()).rdbuf();
    if ((text.str().find("\"record\"") != std::string::npos) == recording) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}
#endif
