// Issue 41 items 4 and 6, the probe's reproducers: bad input is refused with exit status 2 and a message
// naming its source (the command-line flag, or the preset file and key), the value as written (escaped)
// and the allowed values; a preset's duplicate key and a directory where the bunny's file belongs are
// refused, not passed over; a far part of the bunny's mesh is left out with a note.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "process.h"

namespace {

// A preset file holding `json`; its path.
std::string preset(const std::string& name, const std::string& json) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << json;
  return path;
}

// The output of a refused run (exit status 2), with no raw control character in it.
std::string refusal(const std::string& args, const std::string& env = "") {
  const Result r = run(args, env);
  EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
  for (const char c : r.output)
    EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20)
        << "raw byte " << int(c) << " in " << r.output;
  return r.output;
}

void expect_has(const std::string& output, const std::string& part) {
  EXPECT_NE(output.find(part), std::string::npos) << "expected \"" << part << "\" in:\n" << output;
}

TEST(InputMessages, DuplicatePresetKeyIsRefused) {
  const std::string top = preset("dup_top.json", R"({"scene": "chain", "frames": 5, "frames": 6})");
  expect_has(refusal("run --preset " + top), "preset '" + top + "' key 'frames' is given twice");
  const std::string inner =
      preset("dup_inner.json", R"({"scene": "chain", "settings": {"substeps": 2, "substeps": 3}})");
  expect_has(refusal("run --preset " + inner),
             "preset '" + inner + "' key 'settings.substeps' is given twice");
}

TEST(InputMessages, FramesAsWrittenWithTheRange) {
  expect_has(refusal("run --frames 1e999"),
             "smallsteps: --frames: '1e999' is beyond the range of a double, "
             "about \u00b11.8e308 (allowed: integers in [1, 10000000])");
  expect_has(refusal("run --frames 2.5"),
             "--frames: '2.5' is not a frame count (allowed: integers in [1, 10000000])");
  const std::string path = preset("frames_tiny.json", R"({"scene": "chain", "frames": 1e-400})");
  expect_has(refusal("run --preset " + path), "preset '" + path + "' key 'frames': '1e-400' is closer to 0");
}

TEST(InputMessages, PresetUnderflowIsNotReadAsZero) {
  const std::string path =
      preset("frame_dt_tiny.json", R"({"scene": "chain", "settings": {"frame_dt": 1e-400}})");
  expect_has(refusal("run --preset " + path),
             "smallsteps: preset '" + path +
                 "' key 'settings.frame_dt': '1e-400' is closer to 0 than the smallest "
                 "positive double, 4.9e-324 (allowed: [0.0001, 0.1] s)\n");
}

TEST(InputMessages, SubnormalFrameTimeIsOutOfRangeNotNaN) {
  expect_has(refusal("run --frame-dt 1e-308"),
             "smallsteps: --frame-dt: '1e-308' is out of range (allowed: "
             "[0.0001, 0.1] s)\n");
}

TEST(InputMessages, NonFiniteValuesNameSourceAndRange) {
  expect_has(refusal("run --substeps nan"), "--substeps: 'nan' is not a finite number (allowed: [1, 1000])");
  expect_has(refusal("run --scene chain --set link_length=inf"),
             "--set 'link_length': 'inf' is not a finite number (allowed: [");
}

TEST(InputMessages, UnknownComparisonKeyNamesTheFile) {
  const std::string path =
      preset("compare_key.json", R"({"scene": "chain", "compare": [{"substepz": 1}, {"substeps": 2}]})");
  expect_has(refusal("run --preset " + path),
             "preset '" + path + "' key 'compare[0].substepz': settings has no parameter 'substepz'");
}

TEST(InputMessages, PresetMessagesNameTheirPrefixOnce) {
  const std::string path = preset("prefix.json", R"({"scene": "chain", "params": {"particles": 1}})");
  const std::string out = refusal("run --preset " + path);
  expect_has(out,
             "smallsteps: preset '" + path + "' key 'params.particles': '1' is out of range (allowed: [2, ");
  EXPECT_EQ(out.find("preset", out.find("preset") + 1), std::string::npos) << out;
}

TEST(InputMessages, ControlCharactersArriveEscaped) {
  const std::string scene = preset("ctl_scene.json", "{\"scene\": \"\\u001b[2Jchain\"}");
  expect_has(refusal("run --preset " + scene),
             "preset '" + scene + "' key 'scene': unknown scene '\\x1b[2Jchain'");
  const std::string key = preset("ctl_key.json", "{\"\\u001b[31mscene\": 1}");
  expect_has(refusal("run --preset " + key), "unknown key '\\x1b[31mscene'");
  const std::string stem = ::testing::TempDir() + "ctl_body";
  std::ofstream(stem + ".node") << "2 3 0 0\n1 0 0 0\n2 \x1b[2J 0 0\n";
  std::ofstream(stem + ".ele") << "1 4 0\n1 1 2 3 4\n";
  expect_has(refusal("run --scene fem_beam --set tet_file=" + stem),
             "ctl_body.node:3: point: '\\x1b[2J' is not a number");
}

TEST(InputMessages, DirectoryAtTheBunnyPathIsRefused) {
  const std::string dir = ::testing::TempDir() + "asset_with_dir";
  std::filesystem::create_directories(dir + "/stanford-bunny.obj");
  expect_has(refusal("run --scene bunny_cloth --frames 1", "SMALLSTEPS_ASSET_DIR=" + dir + " "),
             "smallsteps: $SMALLSTEPS_ASSET_DIR: '" + dir +
                 "/stanford-bunny.obj' is a directory, not the file "
                 "stanford-bunny.obj (remove or rename it)");
}

// A unit cube beside a closed tetrahedron at (1000, 1000, 1000) used to leave a field in which the cube
// vanished (the cloth fell to the ground, no message): the cube is the collider now, and a note says so.
TEST(InputMessages, FarPartOfTheBunnyMeshIsLeftOutWithANote) {
  const std::string dir = ::testing::TempDir() + "asset_far_part";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/stanford-bunny.obj")
      << "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1\n"
         "f 1 3 4\nf 1 4 2\nf 5 6 8\nf 5 8 7\nf 1 2 6\nf 1 6 5\nf 3 7 8\nf 3 8 4\nf 1 5 7\nf 1 7 3\nf 2 4 8\n"
         "f 2 8 6\nv 1000 1000 1000\nv 1001 1000 1000\nv 1000 1001 1000\nv 1000 1000 1001\n"
         "f 9 11 10\nf 9 10 12\nf 9 12 11\nf 10 11 12\n";
  const Result r = run("run --scene bunny_cloth --frames 2 --no-progress",
                       "SMALLSTEPS_ASSET_DIR=" + dir + " XDG_CACHE_HOME=" + dir + " ");
  EXPECT_EQ(r.status, 0) << r.output;
  expect_has(r.output,
             "smallsteps: note: " + dir +
                 "/stanford-bunny.obj: left out of the collider: 1 part "
                 "holding 4 of its 16 triangles, 1.73e+03 or more away from the rest, which is 1 in size");
  EXPECT_EQ(r.output.find("Using a sphere collider instead"), std::string::npos) << r.output;
}

// Issue 52 item 4: a long value is echoed cut, with its length, not whole (a --drag of 20,000 numbers came back
// as 80 KB); the cut keeps a UTF-8 character whole.
TEST(InputMessages, LongValuesAreEchoedCut) {
  std::string numbers;
  for (int i = 0; i < 20000; ++i) numbers += (i ? " 1" : "1");
  const std::string out = refusal("run --scene chain --frames 2 --drag '" + numbers + "'");
  expect_has(out, "...' (" + std::to_string(numbers.size()) + " bytes)");
  EXPECT_LT(out.size(), 1000u) << out.size();
  const std::string text = std::string(199, 'a') + "\xc3\xa9" + std::string(100, 'b');  // é across the cut
  const std::string shown = refusal("run --scene chain --frames 2 --drag '" + text + "'");
  expect_has(shown, "'" + std::string(199, 'a') + "...' (301 bytes)");
}

}  // namespace
