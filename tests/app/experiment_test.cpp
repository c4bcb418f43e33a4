// `smallsteps experiment`: the registry lists the paper's experiments; each --quick run writes a CSV per
// run, a summary carrying the measure the paper states, and a plot with lines and a legend; bad names and
// unwritable folders exit 2.
#include "experiments/experiment.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "process.h"
#include "render/plot/plot.h"

namespace app {
namespace {

namespace fs = std::filesystem;

fs::path run_quick(const std::string& name) {
  const fs::path out = fs::path(::testing::TempDir()) / ("experiment_" + name);
  fs::remove_all(out);
  const Result r = ::run("experiment " + name + " --quick --no-progress --backend cpu --out " + out.string());
  EXPECT_EQ(r.status, 0) << r.output;
  return out / name;
}

nlohmann::json summary_of(const fs::path& dir) {
  std::ifstream in(dir / "summary.json");
  return nlohmann::json::parse(in);
}

double finding(const nlohmann::json& summary, const std::string& what) {
  for (const auto& f : summary["findings"])
    if (f["what"] == what) return f["value"].get<double>();
  ADD_FAILURE() << "no finding '" << what << "'";
  return 0.0;
}

TEST(Experiment, ListShowsEveryRegisteredExperiment) {
  const Result r = ::run("experiment list");
  EXPECT_EQ(r.status, 0);
  for (const ExperimentDef& e : experiment_registry())
    EXPECT_NE(r.output.find(e.name), std::string::npos) << e.name << " missing from\n" << r.output;
}

TEST(Experiment, BadNamesAndUnwritableFoldersExitTwo) {
  Result r = ::run("experiment chain_strech");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("allowed: list, all, chain_stretch"), std::string::npos) << r.output;
  r = ::run("experiment chain_stretch --quick --out /proc/no_such_folder");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("cannot create the folder"), std::string::npos) << r.output;
}

// Every quick run writes one CSV row per frame for each run, and a plot with something drawn in it.
TEST(Experiment, EveryQuickRunWritesItsCsvsSummaryAndPlots) {
  for (const ExperimentDef& e : experiment_registry()) {
    const fs::path dir = run_quick(e.name);
    const nlohmann::json s = summary_of(dir);
    ASSERT_EQ(s["runs"].size(), e.runs(true).size()) << e.name;
    for (const auto& run : s["runs"]) {
      std::ifstream csv(dir / run["csv"].get<std::string>());
      int lines = 0;
      for (std::string line; std::getline(csv, line);) ++lines;
      EXPECT_EQ(lines, run["frames"].get<int>() + 1) << e.name << " " << run["label"];
      EXPECT_TRUE(run["diverged"].is_null()) << e.name << " " << run["label"];
    }
    for (const ExperimentPlot& p : e.plots) EXPECT_TRUE(fs::exists(dir / (p.file + ".png"))) << p.file;
  }
}

// §6.1: with the 1e5 kg mass the error of 1 × 100 is about 100 times that of 100 × 1 (322.1 m and 3.2 m).
TEST(Experiment, HeavyChainIterationsErrAboutAHundredTimesMoreThanSubsteps) {
  const nlohmann::json s = summary_of(run_quick("chain_heavy"));
  const double ratio = finding(s, "iterations' error / substeps' error at n = 100");
  EXPECT_GT(ratio, 50.0);
  EXPECT_LT(ratio, 200.0);
}

// Figure 3 left: substeps beat iterations at equal cost, by more as n grows.
TEST(Experiment, ChainSubstepsBeatIterationsByMoreAsTheCountGrows) {
  const nlohmann::json s = summary_of(run_quick("chain_stretch"));
  const double at10 = finding(s, "iterations' error / substeps' error at n = 10");
  const double at50 = finding(s, "iterations' error / substeps' error at n = 50");
  EXPECT_GT(at10, 3.0);
  EXPECT_GT(at50, 2.0 * at10);
}

}  // namespace
}  // namespace app
