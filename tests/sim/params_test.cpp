// Parameter tables: validation messages name the culprit and the allowed values.
#include <gtest/gtest.h>

#include "registry/settings.h"
#include "scenes/scene.h"

namespace sim {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ParamError& e) {
    return e.what();
  }
  return "";
}

// The viewer shows only the settings that act under the others (issue 40 item 3): implicit Euler's linear
// solve under xpbd does not, the pivoting steps act only under the direct rigid solver, the adaptive bounds
// only when adaptive substepping is on; a setting every scheme reads always does.
TEST(Settings, RelevanceFollowsTheOtherSettings) {
  const Settings defaults;
  Settings implicit_euler, implicit_jacobi, xpbd_jacobi_hybrid_direct, damping;
  implicit_euler.integrator = implicit_jacobi.integrator = Integrator::ImplicitEuler;
  implicit_jacobi.linear_solver = LinearSolver::Jacobi;
  xpbd_jacobi_hybrid_direct.order = SolverOrder::Jacobi;
  xpbd_jacobi_hybrid_direct.adaptive = Stabilization::Hybrid;
  xpbd_jacobi_hybrid_direct.rigid_solver = RigidSolver::Direct;
  damping.adaptive = Stabilization::Damping;
  const struct {
    const Settings& settings;
    const char* name;
    bool relevant;
  } cases[] = {
      {defaults, "substeps", true},
      {defaults, "iterations", true},
      {defaults, "linear_iterations", false},
      {defaults, "jacobi_omega", false},
      {defaults, "max_substeps", false},
      {defaults, "pivot_steps", false},
      {implicit_euler, "linear_iterations", true},
      {implicit_euler, "iterations", false},
      {implicit_euler, "linear_omega", false},
      {implicit_jacobi, "linear_omega", true},
      {xpbd_jacobi_hybrid_direct, "jacobi_omega", true},
      {xpbd_jacobi_hybrid_direct, "max_substeps", true},
      {xpbd_jacobi_hybrid_direct, "pivot_steps", true},
      {damping, "max_substeps", false},
      {damping, "adaptive_alpha", true},
  };
  for (const auto& c : cases) EXPECT_EQ(setting_relevant(c.name, c.settings), c.relevant) << c.name;
}

TEST(Params, OutOfRangeNamesParameterAndRange) {
  ParamSet p = find_scene("chain").default_params();
  const std::string msg = error_of([&] { p.set_text("particles", "1"); });
  EXPECT_NE(msg.find("'particles'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[2, 100000]"), std::string::npos) << msg;
}

TEST(Params, UnknownParameterListsTheKnownOnes) {
  ParamSet p = find_scene("chain").default_params();
  const std::string msg = error_of([&] { p.set_text("lenght", "1"); });
  EXPECT_NE(msg.find("no parameter 'lenght'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("link_length"), std::string::npos) << msg;
}

TEST(Params, ParsesNumbersBooleansAndChoices) {
  ParamSet s("settings", settings_table());
  s.set_text("solver", "jacobi");
  s.set_text("substeps", "40");
  EXPECT_EQ(settings_from_params(s).order, SolverOrder::Jacobi);
  EXPECT_EQ(settings_from_params(s).substeps, 40);
  EXPECT_NE(error_of([&] { s.set_text("substeps", "4.5"); }).find("whole number"), std::string::npos);
  EXPECT_NE(error_of([&] { s.set_text("substeps", "abc"); }).find("not a number"), std::string::npos);
  EXPECT_NE(error_of([&] { s.set_text("substeps", "nan"); }).find("finite"), std::string::npos);
  EXPECT_NE(error_of([&] { s.set_text("solver", "sor"); }).find("gs|jacobi"), std::string::npos);
  ParamSet c = find_scene("chain").default_params();
  c.set_text("pin_top", "false");
  EXPECT_FALSE(c.get_bool("pin_top"));
  EXPECT_NE(error_of([&] { c.set_text("pin_top", "maybe"); }).find("true|false"), std::string::npos);
}

// Issue 52 item 3: a boolean takes one set of spellings, in any case, wherever it is written ("1" was taken
// where "yes" and "TRUE" were refused); anything else is refused naming that set.
TEST(Params, BooleansTakeOneSetOfSpellings) {
  ParamSet c = find_scene("chain").default_params();
  for (const char* yes : {"true", "TRUE", "yes", "Yes", "on", "ON", "1"}) {
    c.set_text("pin_top", "false");
    c.set_text("pin_top", yes);
    EXPECT_TRUE(c.get_bool("pin_top")) << yes;
  }
  for (const char* no : {"false", "False", "no", "NO", "off", "Off", "0"}) {
    c.set_text("pin_top", "true");
    c.set_text("pin_top", no);
    EXPECT_FALSE(c.get_bool("pin_top")) << no;
  }
  const std::string refused = "is not a boolean (allowed: true|false|yes|no|on|off|1|0, any case)";
  for (const char* bad : {"2", "y", "t", "", "truee", "0.0"})
    EXPECT_NE(error_of([&] { c.set_text("pin_top", bad); }).find(refused), std::string::npos) << bad;
}

// Issue 41 item 6: a number is quoted as written, with the source the caller names, what is wrong with it
// and the allowed values; 1e-400 is not read as 0 nor 1e-308 as "not a number".
TEST(Params, NumbersAreQuotedAsWrittenWithSourceAndRange) {
  ParamSet s("settings", settings_table());
  const auto message = [&](const std::string& name, const std::string& text) {
    return error_of([&] { s.set_text(name, text, "--" + name); });
  };
  EXPECT_EQ(message("frame_dt", "1e-400"), "--frame_dt: '1e-400' is closer to 0 than the smallest positive "
                                           "double, 4.9e-324 (allowed: [0.0001, 0.1] s)");
  EXPECT_EQ(message("frame_dt", "1e-308"), "--frame_dt: '1e-308' is out of range (allowed: [0.0001, 0.1] s)");
  EXPECT_EQ(message("substeps", "1e999"),
            "--substeps: '1e999' is beyond the range of a double, about \u00b11.8e308 (allowed: [1, 1000])");
  EXPECT_EQ(message("substeps", "nan"), "--substeps: 'nan' is not a finite number (allowed: [1, 1000])");
  EXPECT_EQ(message("substeps", "-inf"), "--substeps: '-inf' is not a finite number (allowed: [1, 1000])");
  // Without a source, the table names the parameter.
  EXPECT_EQ(error_of([&] { s.set_text("substeps", "0x10"); }),
            "settings parameter 'substeps': '0x10' is not a number (allowed: [1, 1000])");
}

// Control characters reach a message escaped, never raw.
TEST(Params, ControlCharactersAreEscaped) {
  ParamSet s("settings", settings_table());
  EXPECT_EQ(error_of([&] { s.set_text("solver", "\x1b[2Jgs"); }),
            "settings parameter 'solver': '\\x1b[2Jgs' is not a valid choice (allowed: gs|jacobi)");
  const std::string unknown = error_of([&] { s.set_text("sub\x07steps", "1"); });
  EXPECT_NE(unknown.find("settings has no parameter 'sub\\x07steps'"), std::string::npos) << unknown;
  EXPECT_EQ(unknown.find('\x07'), std::string::npos) << unknown;
}

TEST(Params, TextHoldsAPathAndRefusesNumbers) {
  ParamSet p = find_scene("fem_beam").default_params();
  EXPECT_EQ(p.get_text("tet_file"), "");
  p.set_text("tet_file", "bodies/dragon");
  EXPECT_EQ(p.get_text("tet_file"), "bodies/dragon");
  EXPECT_EQ(p.text("tet_file"), "bodies/dragon");
  EXPECT_NE(error_of([&] { p.set("tet_file", 1.0); }).find("expects text"), std::string::npos);
  EXPECT_NE(error_of([&] { p.get_text("young"); }).find("not text"), std::string::npos);
  // A body that does not load is a parameter error naming the file.
  EXPECT_NE(error_of([&] { find_scene("fem_beam").build(p); }).find("bodies/dragon.node: does not exist"),
            std::string::npos);
}

TEST(Params, UnknownSceneListsTheScenes) {
  const std::string msg = error_of([] { find_scene("bunny"); });
  EXPECT_NE(msg.find("chain"), std::string::npos) << msg;
  EXPECT_NE(msg.find("hanging_cloth"), std::string::npos) << msg;
}

// A scene's setting defaults follow the device its default size does (the 388² drape on CUDA needs more
// substeps than the 64² one on the CPU to hold), and never replace what the user set.
TEST(Params, SceneSettingDefaultsFollowTheDevice) {
  const SceneDef& bunny = find_scene("bunny_cloth");
  ASSERT_FALSE(bunny.cuda_settings.empty());
  const ParamSet fresh("settings", settings_table());
  ParamSet cpu = fresh, cuda = fresh, asked = fresh;
  const double table_default = cpu.get("substeps");
  bunny.use_setting_defaults(cpu, false);
  bunny.use_setting_defaults(cuda, true);
  EXPECT_EQ(cpu.get("substeps"), table_default);
  EXPECT_GT(cuda.get("substeps"), table_default);
  asked.set("substeps", 30.0);
  bunny.use_setting_defaults(asked, true);
  EXPECT_EQ(asked.get("substeps"), 30.0);
  // Switching scenes (the viewer's Scene panel) leaves none of the last scene's own defaults behind.
  find_scene("chain").use_setting_defaults(cuda, true);
  EXPECT_EQ(cuda.get("substeps"), table_default);
}

TEST(Params, SettingsRoundTrip) {
  Settings in;
  in.substeps = 7;
  in.iterations = 3;
  in.order = SolverOrder::Jacobi;
  in.jacobi_omega = 1.5;
  const Settings out = settings_from_params(settings_to_params(in));
  EXPECT_EQ(out.substeps, 7);
  EXPECT_EQ(out.iterations, 3);
  EXPECT_EQ(out.order, SolverOrder::Jacobi);
  EXPECT_FLOAT_EQ(out.jacobi_omega, 1.5);
}

}  // namespace
}  // namespace sim
