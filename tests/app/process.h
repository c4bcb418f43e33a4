// Runs the smallsteps executable (SMALLSTEPS_EXE) with arguments and captures its exit status and output.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

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
