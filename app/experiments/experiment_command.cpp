#include "experiments/experiment_command.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/quantity_format.h"
#include "experiments/experiment.h"
#include "experiments/experiment_run.h"
#include "render/plot/image_io.h"
#include "run/exit_codes.h"
#include "run/machine.h"
#include "scenes/scene.h"

namespace app {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

std::string file_name(const std::string& label) {
  std::string s;
  for (const char c : label) s += std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : '_';
  return s;
}

void write_csv(const fs::path& path, const ExperimentDef& e, const RunSeries& s) {
  std::ofstream out(path);
  out << "frame,time_s";
  for (const ExperimentMeasure& m : e.measures) out << ',' << m.name << (m.unit.empty() ? "" : "_" + m.unit);
  out << '\n';
  for (size_t f = 0; f < s.time.size(); ++f) {
    char row[64];
    std::snprintf(row, sizeof row, "%zu,%.6g", f + 1, s.time[f]);
    out << row;
    for (const ExperimentMeasure& m : e.measures) {
      std::snprintf(row, sizeof row, ",%.9g", s.measures.at(m.name)[f]);
      out << row;
    }
    out << '\n';
  }
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

// A run's values as its summary writes them: numbers as numbers, choices by name (`table`: their parameters).
json values_json(const sim::ParamValues& values, sim::ParamSet table) {
  json out = json::object();
  for (const auto& [name, value] : values) {
    table.set(name, value);
    out[name] = value.is_number() ? json(value.number()) : json(table.text(name));
  }
  return out;
}

json summary(const ExperimentDef& e, const std::vector<RunSeries>& runs, const std::vector<Finding>& findings,
             const std::string& backend, bool quick) {
  json j{{"experiment", e.name},
         {"paper", e.paper},
         {"figure", e.figure},
         {"description", e.description},
         {"scene", e.scene},
         {"command", "smallsteps experiment " + e.name + (quick ? " --quick" : "")},
         {"quick", quick},
         {"backend", backend},
         {"machine", bench::machine_description()}};
  json& out_runs = j["runs"] = json::array();
  for (const RunSeries& r : runs) {
    json maxima;
    for (const ExperimentMeasure& m : e.measures) maxima[m.name] = r.max_of(m.name);
    out_runs.push_back({{"label", r.run.label},
                        {"params", values_json(r.run.params, sim::find_scene(e.scene).default_params())},
                        {"settings", values_json(r.run.settings, sim::settings_to_params(sim::Settings{}))},
                        {"frames", r.time.size()},
                        {"csv", file_name(r.run.label) + ".csv"},
                        {"max", maxima},
                        {"diverged", r.divergence ? json(*r.divergence) : json(nullptr)},
                        {"may_diverge", r.run.may_diverge}});
  }
  json& out_findings = j["findings"] = json::array();
  for (const Finding& f : findings)
    out_findings.push_back({{"what", f.what},
                            {"value", f.value},
                            {"unit", f.unit},
                            {"paper", f.paper ? json(*f.paper) : json(nullptr)},
                            {"note", f.note}});
  return j;
}

// DIR/index.md, the report page: every registered experiment whose summary.json is in DIR (the ones just
// run, and earlier runs' files), in registry order, with its plots, findings beside the paper's values,
// and the machine and date of its run.
// A finding's number in its unit as the report prints it (the one number format, sim/core/quantity_format.h,
// to the 4 digits a paper's values have: "322.1 m"); a NaN (written to summary.json as null) as "n/a".
std::string report_measure(const json& v, const std::string& unit) {
  return v.is_number() ? sim::format_measure(v.get<double>(), unit, 4) : "n/a";
}

// One experiment's section of the report; throws json::exception when the summary lacks a field.
std::string report_section(const json& s) {
  std::ostringstream md;
  const std::string name = s.at("experiment");
  md << "\n## " << name << ": " << s.at("paper").get<std::string>() << ", "
     << s.at("figure").get<std::string>() << "\n\n"
     << s.at("description").get<std::string>() << ". Command: `" << s.at("command").get<std::string>() << "`";
  const json& machine = s.at("machine");
  md << (s.at("quick").get<bool>() ? " (--quick)" : "") << ", run on "
     << (machine.at("cpu_model").is_null() ? "an unnamed CPU" : machine.at("cpu_model").get<std::string>())
     << " (" << machine.at("logical_cores") << " cores), backend " << s.at("backend").get<std::string>()
     << ", " << machine.at("date_utc").get<std::string>() << ".\n\n";
  for (const auto& png : s.at("plots"))
    md << "![" << png.get<std::string>() << "](" << name << "/" << png.get<std::string>() << ")\n";
  md << "\n| measure | ours | the paper | note |\n|---|---|---|---|\n";
  for (const json& f : s.at("findings")) {
    const std::string unit = f.at("unit").get<std::string>();
    md << "| " << f.at("what").get<std::string>() << " | " << report_measure(f.at("value"), unit) << " | "
       << (f.at("paper").is_null() ? "" : report_measure(f.at("paper"), unit)) << " | "
       << f.at("note").get<std::string>() << " |\n";
  }
  for (const json& r : s.at("runs"))
    if (!r.at("diverged").is_null() && !r.value("may_diverge", false))
      md << "\n" << r.at("label").get<std::string>() << ": " << r.at("diverged").get<std::string>() << "\n";
  return md.str();
}

// DIR/index.md, the report page: every registered experiment whose summary.json is in DIR (the ones just
// run, and earlier runs' files), in registry order, with its plots, findings beside the paper's values,
// and the machine and date of its run. A summary it cannot read is left out with a warning.
void write_index(const fs::path& out, const std::vector<json>& summaries) {
  std::ofstream md(out / "index.md");
  md << "# The papers' figures, reproduced\n\n"
     << "Made by `smallsteps experiment NAME --out " << out.string()
     << "` (`all` runs every one). Each section's CSVs and summary.json are in its folder.\n";
  for (const json& s : summaries) {
    try {
      md << report_section(s);
    } catch (const json::exception& e) {
      std::fprintf(stderr, "smallsteps: warning: %s left out of the report: %s\n",
                   s.is_object() ? s.value("experiment", std::string("a summary")).c_str() : "a summary",
                   e.what());
    }
  }
  if (!md) throw std::runtime_error("cannot write " + (out / "index.md").string());
}

// The summaries of this invocation, and for every other registered experiment the summary.json an earlier
// run left in out (one that does not parse is left out, with a warning), in registry order.
std::vector<json> with_earlier_runs(const fs::path& out, const std::vector<json>& fresh) {
  std::vector<json> all;
  for (const ExperimentDef& e : experiment_registry()) {
    const auto it =
        std::find_if(fresh.begin(), fresh.end(), [&](const json& s) { return s["experiment"] == e.name; });
    if (it != fresh.end()) {
      all.push_back(*it);
      continue;
    }
    const fs::path file = out / e.name / "summary.json";
    if (!fs::exists(file)) continue;
    try {
      std::ifstream in(file);
      const json s = json::parse(in);
      all.push_back(s);  // report_section checks its fields
    } catch (const json::exception& ex) {
      std::fprintf(stderr, "smallsteps: warning: %s left out of the report: %s\n", file.c_str(), ex.what());
    }
  }
  return all;
}

int run_one(const ExperimentDef& e, const ExperimentOptions& o, std::vector<json>& summaries) {
  const fs::path dir = fs::path(o.out) / e.name;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    std::fprintf(stderr, "smallsteps: cannot create the folder %s: %s\n", dir.c_str(), ec.message().c_str());
    return kExitUsage;
  }
  std::printf("%s (%s, %s): %s\n", e.name.c_str(), e.paper.c_str(), e.figure.c_str(), e.description.c_str());
  const ExperimentResult result =
      run_experiment(e, o.backend, o.quick, o.progress, nullptr, [](const ExperimentRun& run) {
        std::printf("  %s, %d frames\n", run.label.c_str(), run.frames);
        std::fflush(stdout);
      });
  const std::vector<RunSeries>& runs = result.runs;
  const std::vector<Finding>& findings = result.findings;
  const std::string& backend = result.backend;
  int status = kExitOk;
  for (const RunSeries& r : runs) {
    if (r.divergence) {
      std::fprintf(stderr, "smallsteps: %s, %s: %s%s\n", e.name.c_str(), r.run.label.c_str(),
                   r.divergence->c_str(), r.run.may_diverge ? " (a result of this experiment)" : "");
      if (!r.run.may_diverge) status = kExitPhysicsFailed;
    }
    write_csv(dir / (file_name(r.run.label) + ".csv"), e, r);
  }
  for (const Finding& f : findings) {
    if (std::isnan(f.value))  // a finding this build could not measure (its note says why)
      std::printf("  %-58s %12s  ", f.what.c_str(), "not measured");
    else
      std::printf("  %-58s %14s", f.what.c_str(), sim::format_measure(f.value, f.unit, 4).c_str());
    if (f.paper) std::printf("   (paper: %s)", sim::format_measure(*f.paper, f.unit, 4).c_str());
    std::printf("\n");
  }
  for (const ExperimentPlot& p : e.plots) {
    const render::PlotSpec spec = plot_spec(e, p, runs);
    const fs::path png = dir / (p.file + ".png");
    if (!render::write_png(png.string(), render::render_plot(spec)))
      throw std::runtime_error("cannot write " + png.string());
  }
  json s = summary(e, runs, findings, backend, o.quick);
  for (const ExperimentPlot& p : e.plots) s["plots"].push_back(p.file + ".png");
  std::ofstream summary_file(dir / "summary.json");
  summary_file << s.dump(2) << '\n';
  if (!summary_file) throw std::runtime_error("cannot write " + (dir / "summary.json").string());
  summaries.push_back(std::move(s));
  std::printf("  wrote %s\n", dir.c_str());
  return status;
}

}  // namespace

int run_experiments(const ExperimentOptions& o) {
  if (o.name == "list") {
    for (const ExperimentDef& e : experiment_registry())
      std::printf("%-16s %s, %s: %s\n", e.name.c_str(), e.paper.c_str(), e.figure.c_str(),
                  e.description.c_str());
    return kExitOk;
  }
  std::vector<const ExperimentDef*> chosen;
  if (o.name == "all") {
    for (const ExperimentDef& e : experiment_registry()) chosen.push_back(&e);
  } else if (const ExperimentDef* e = find_experiment(o.name)) {
    chosen.push_back(e);
  } else {
    std::string names;
    for (const ExperimentDef& e : experiment_registry()) names += (names.empty() ? "" : ", ") + e.name;
    std::fprintf(stderr, "smallsteps: unknown experiment '%s' (allowed: list, all, %s)\n", o.name.c_str(),
                 names.c_str());
    return kExitUsage;
  }
  int status = kExitOk;
  std::vector<json> summaries;
  for (const ExperimentDef* e : chosen) {
    const int s = run_one(*e, o, summaries);
    if (s == kExitUsage) return s;
    if (s != kExitOk) status = s;
  }
  write_index(o.out, with_earlier_runs(o.out, summaries));
  std::printf("report: %s\n", (fs::path(o.out) / "index.md").c_str());
  return status;
}

}  // namespace app
