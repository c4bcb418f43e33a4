// Every reader has limits (issue 52 item 2): a preset that is not a regular file (/dev/zero, a FIFO, a
// directory), one past the size limit, one nested 100,000 deep and one with a key that is not a name each
// exit 2 with their own message, within a second and a few MB of resident memory (the probe that filed the
// issue saw /dev/zero grow to 24 GB, and 100,000 nested arrays take 40 s). The OBJ and TetGen readers share
// the file rule (sim/assets/text_file.h).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "assets/text_file.h"
#include "mesh/obj_loader.h"
#include "run/preset.h"
#include "run/run_options.h"
#include "scenes/scene.h"

namespace {

struct Measured {
  int status = -1;           // exit status; -1: killed or not run
  std::string output;        // stdout and stderr together
  double seconds = 0.0;      // wall time
  long max_resident_kb = 0;  // the process's peak resident set [KiB]
};

// `smallsteps run --preset <path>` in its own process, its peak memory from wait4; killed after 20 s (a
// reader that blocks on a FIFO would otherwise hang the suite).
Measured run_preset(const std::string& path) {
  // One log a test: ctest runs these tests side by side, and a shared log read another test's output.
  const std::string log = ::testing::TempDir() + "reader_limits_" +
                          ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".log";
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, 1);
    dup2(fd, 2);
    execl(SMALLSTEPS_EXE, SMALLSTEPS_EXE, "run", "--preset", path.c_str(), "--no-progress", (char*)nullptr);
    _exit(127);
  }
  Measured m;
  int raw = 0;
  rusage usage{};
  while (wait4(pid, &raw, WNOHANG, &usage) == 0) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(20)) kill(pid, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  m.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  m.max_resident_kb = usage.ru_maxrss;
  std::stringstream text;
  text << std::ifstream(log).rdbuf();
  m.output = text.str();
  return m;
}

void expect_refused_quickly(const std::string& path, const std::string& needle) {
  const Measured m = run_preset(path);
  EXPECT_EQ(m.status, 2) << path << "\n" << m.output;
  EXPECT_NE(m.output.find(needle), std::string::npos) << path << "\n" << m.output;
  EXPECT_LT(m.seconds, 1.0) << path;
  EXPECT_LT(m.max_resident_kb, 50 * 1024) << path;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(ReaderLimits, PresetFromADeviceIsRefusedByItsKind) {
  expect_refused_quickly("/dev/zero", "is a character device, not a regular file");
}

TEST(ReaderLimits, PresetFromADirectoryIsADirectory) {
  expect_refused_quickly(::testing::TempDir(), "is a directory, not a file");
}

TEST(ReaderLimits, PresetFromAFifoDoesNotBlock) {
  const std::string path = ::testing::TempDir() + "reader_limits.fifo";
  std::filesystem::remove(path);
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  expect_refused_quickly(path, "is a named pipe (FIFO), not a regular file");
  std::filesystem::remove(path);
}

TEST(ReaderLimits, PresetPastTheSizeLimit) {
  const std::string path =
      temp_file("reader_limits_big.json", std::string(size_t(sim::kMaxPresetBytes) + 1, ' '));
  expect_refused_quickly(path, "is 1048577 bytes, more than the 1 MiB a preset may have");
}

TEST(ReaderLimits, PresetNestedAHundredThousandDeep) {
  const std::string path =
      temp_file("reader_limits_deep.json", std::string(100000, '[') + std::string(100000, ']'));
  expect_refused_quickly(path, "nests deeper than 32 levels");
}

TEST(ReaderLimits, PresetKeyThatIsNotAName) {
  const std::string path =
      temp_file("reader_limits_key.json", "{\"settings\": {\"" + std::string(65, 'k') + "\": 1}}");
  expect_refused_quickly(path, "has a key of 65 bytes under 'settings'");
}

// A preset at the depth and key length the limits allow still reads (the limits refuse only what no preset
// needs): a setting two levels down (its number's text kept: 0.05), compare's values three levels down. Read
// in process: a build without the viewer refuses --compare after reading it.
TEST(ReaderLimits, PresetWithinTheLimitsReads) {
  app::RunOptions options(sim::find_scene("chain"));
  ASSERT_TRUE(app::apply_preset_text(
      "{\"scene\": \"chain\", \"frames\": 2, \"settings\": {\"adaptive_tolerance\": 0.05},"
      " \"compare\": [{\"substeps\": 5}, {\"substeps\": 10}]}",
      "'within limits'", options));
  EXPECT_EQ(options.settings.text("adaptive_tolerance"), "0.05");
  ASSERT_EQ(options.compare.size(), 2u);
  EXPECT_EQ(options.compare[1], "substeps=10");
}

TEST(ReaderLimits, MeshReadersShareTheFileRule) {
  try {
    sim::load_obj(::testing::TempDir());
    FAIL() << "a directory loaded as an OBJ file";
  } catch (const sim::MeshError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory, not a file"), std::string::npos) << e.what();
  }
  const sim::TextFile file = sim::read_text_file("/dev/zero", sim::kMaxMeshFileBytes, "an OBJ file");
  EXPECT_NE(file.problem.find("character device"), std::string::npos) << file.problem;
  EXPECT_TRUE(file.text.empty());
}

}  // namespace
