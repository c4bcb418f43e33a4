// The settings table declared once (registry/settings.h, settings/setting_spec.h): every declared setting
// survives command line → preset → the viewer's model (the ParamSet its Solver panel edits, and the Settings
// struct a frame reads) → preset, and every one just outside its range is refused with a clear message and
// exit status 2, on the command line and in a preset.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "process.h"
#include "registry/settings.h"
#include "run/preset.h"
#include "scenes/scene.h"

namespace {

std::string dashed(std::string name) {
  for (char& c : name)
    if (c == '_') c = '-';
  return name;
}

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

// A value other than the default, inside the range, as text that reads back exactly.
std::string other_value(const sim::ParamSpec& s) {
  switch (s.type) {
    case sim::ParamType::Bool:
      return s.default_value != 0.0 ? "false" : "true";
    case sim::ParamType::Choice: {
      const size_t row = size_t(s.choice_of(s.default_value) - s.choices.data());
      return s.choices[(row + 1) % s.choices.size()].name;
    }
    case sim::ParamType::Int:
      return std::to_string(long(s.default_value < s.max ? s.default_value + 1 : s.default_value - 1));
    default: {
      const double step = (s.max - s.min) / 8.0;
      return number(s.default_value + step <= s.max ? s.default_value + step : s.default_value - step);
    }
  }
}

// Values just outside the range (or no value of the type at all).
std::vector<std::string> outside_values(const sim::ParamSpec& s) {
  switch (s.type) {
    case sim::ParamType::Bool:
      return {"maybe"};
    case sim::ParamType::Choice:
      return {"no_such_choice"};
    case sim::ParamType::Int:
      return {std::to_string(long(s.max) + 1), std::to_string(long(s.min) - 1)};
    default: {
      const double margin = (s.max - s.min) * 1e-3;
      return {number(s.max + margin), number(s.min - margin)};
    }
  }
}

std::string read(const std::string& path) {
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  return text.str();
}

const std::string kRun = "run --scene chain --set particles=3 --frames 1 --backend cpu --no-progress ";

TEST(SettingsTable, EverySettingRoundTripsThroughCliPresetUiAndPreset) {
  ASSERT_EQ(sim::settings_table().size(), sim::setting_specs().size());
  for (const auto& spec : sim::setting_specs()) {
    const sim::ParamSpec& s = spec.param;
    SCOPED_TRACE(s.name);
    const std::string value = other_value(s);
    const std::string preset = ::testing::TempDir() + "roundtrip_" + s.name + ".json";
    // command line → preset
    const Result r = run(kRun + "--" + dashed(s.name) + " " + value + " --save-preset " + preset);
    ASSERT_NE(r.status, 2) << r.output;  // a physics verdict (3) on one frame of a scheme is no matter here
    const nlohmann::json saved = nlohmann::json::parse(read(preset));
    ASSERT_TRUE(saved.at("settings").contains(s.name)) << saved.dump();
    // preset → the viewer's model: the ParamSet its Solver panel edits
    app::RunOptions options(sim::find_scene("chain"));
    app::apply_preset_file(preset, options);
    EXPECT_EQ(options.settings.text(s.name), value);
    // → the Settings a frame reads, and back
    const sim::Settings settings = sim::settings_from_params(options.settings);
    EXPECT_EQ(spec.get(settings), options.settings.get(s.name));
    const sim::ParamSet again = sim::settings_to_params(settings);
    EXPECT_EQ(again.text(s.name), value);
    // → preset: the same settings object
    options.settings = again;
    EXPECT_EQ(nlohmann::json::parse(app::preset_text(options)).at("settings"), saved.at("settings"));
  }
}

TEST(SettingsTable, EverySettingJustOutsideItsRangeIsRefused) {
  for (const auto& spec : sim::setting_specs()) {
    const sim::ParamSpec& s = spec.param;
    for (const std::string& value : outside_values(s)) {
      SCOPED_TRACE(s.name + " = " + value);
      expect_usage_error(kRun + "--" + dashed(s.name) + " " + value, "--" + dashed(s.name) + ": '" + value + "' ");
      const std::string preset = ::testing::TempDir() + "outside_" + s.name + ".json";
      std::ofstream(preset) << "{\"scene\": \"chain\", \"settings\": {\"" << s.name << "\": \"" << value << "\"}}";
      expect_usage_error("run --frames 1 --no-progress --preset " + preset,
                         "preset '" + preset + "' key 'settings." + s.name + "': '" + value + "' ");
    }
  }
}

// The writer keeps the comparison and the recording, and what it writes reads back to the same options.
TEST(SettingsTable, APresetWithAComparisonRoundTrips) {
  app::RunOptions options(sim::find_scene("hanging_cloth"));
  options.frames = 42;
  options.scene_params.set_text("width", "12");
  options.settings.set_text("iterations", "3");
  options.compare = {"tethers=false", "tethers=true,substeps=2"};
  options.record = "ab.mp4";
  const std::string text = app::preset_text(options);
  app::RunOptions read_back(sim::find_scene("chain"));
  app::apply_preset_text(text, "written", read_back);
  EXPECT_EQ(read_back.scene->name, "hanging_cloth");
  EXPECT_EQ(read_back.frames, 42);
  EXPECT_EQ(read_back.scene_params.text("width"), "12");
  EXPECT_EQ(read_back.settings.text("iterations"), "3");
  EXPECT_EQ(read_back.record, "ab.mp4");
  ASSERT_EQ(read_back.compare.size(), 2u);
  EXPECT_EQ(app::preset_text(read_back), text);
}

}  // namespace
