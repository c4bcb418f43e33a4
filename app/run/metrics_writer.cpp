#include "run/metrics_writer.h"

#include <nlohmann/json.hpp>

#include "core/real_decimal.h"
#include "run/preset.h"
#include "run/text_util.h"

namespace app {

nlohmann::json failure_checks_json(const sim::ErrorWatch& watch) {
  nlohmann::json checks = nlohmann::json::array();
  for (const sim::WatchedCheck& w : watch.checks())
    checks.push_back({{"name", w.worst.name},
                      {"unit", w.worst.unit},
                      {"bound", w.worst.bound},
                      {"exceeded", w.first_frame > 0},
                      {"first_frame_over", w.first_frame},
                      {"worst", w.worst.value},
                      {"worst_frame", w.worst_frame}});
  return checks;
}

MetricsWriter::MetricsWriter(const std::string& path, const RunOptions& options, const sim::Model& model,
                             const std::string& backend)
    : path_(path) {
  if (ends_with(path, ".csv")) {
    json_ = false;
  } else if (ends_with(path, ".json")) {
    json_ = true;
  } else {
    throw sim::ParamError("--metrics '" + path + "': unknown format (allowed extensions: .csv, .json)");
  }
  out_.open(path);
  if (!out_) throw sim::ParamError("--metrics '" + path + "': cannot open the file for writing");
  for (const sim::Probe& p : model.probes) {
    probe_names_.push_back(p.name);
    torque_probe_.push_back(p.torque);
  }
  out_.precision(9);
  if (json_) {
    nlohmann::json head = {{"scene", options.scene->name},
                           {"backend", backend},
                           {"settings", params_json(options.settings)},
                           {"params", params_json(options.scene_params)},
                           {"extension_bound_m", sim::decimal_of(model.extension_bound)}};
    for (const sim::ModelSize& size : sim::model_sizes(model)) head[size.key] = size.count;
    const std::string text = head.dump(2);
    out_ << text.substr(0, text.size() - 2) << ",\n  \"frames\": [\n";  // reopen the object for frames
  } else {
    const auto& columns = sim::metric_columns();
    for (size_t c = 0; c < columns.size(); ++c) out_ << (c ? "," : "") << columns[c].name;
    for (const std::string& name : probe_names_) out_ << ",force_" << name << "_N";
    for (const sim::Probe& p : model.probes)
      if (p.torque) out_ << ",torque_" << p.name << "_Nm";
    out_ << '\n';
  }
}

void MetricsWriter::write(const sim::FrameMetrics& m, const sim::FailureChecks& failures) {
  watch_.observe(m.frame, failures);
  if (json_) {
    nlohmann::json row = nlohmann::json::object();
    for (const auto& c : sim::metric_columns()) {
      const double v = c.value(m);
      if (c.integer)
        row[c.name] = (long long)(v);
      else
        row[c.name] = v;
    }
    nlohmann::json forces = nlohmann::json::object();
    for (size_t i = 0; i < probe_names_.size(); ++i) forces[probe_names_[i]] = m.probe_force[i];
    row["force_N"] = forces;
    nlohmann::json torques = nlohmann::json::object();
    for (size_t i = 0; i < probe_names_.size(); ++i)
      if (torque_probe_[i]) torques[probe_names_[i]] = m.probe_torque[i];
    if (!torques.empty()) row["torque_Nm"] = torques;
    out_ << (frames_written_ ? ",\n    " : "    ") << row.dump();
  } else {
    const auto& columns = sim::metric_columns();
    for (size_t c = 0; c < columns.size(); ++c) out_ << (c ? "," : "") << columns[c].value(m);
    for (double f : m.probe_force) out_ << ',' << f;
    for (size_t i = 0; i < probe_names_.size(); ++i)
      if (torque_probe_[i]) out_ << ',' << m.probe_torque[i];
    out_ << '\n';
  }
  ++frames_written_;
}

void MetricsWriter::finish(const std::string& outcome) {
  if (finished_) return;
  finished_ = true;
  if (json_) {
    out_ << "\n  ],\n  \"failure_checks\": " << failure_checks_json(watch_).dump()
         << ",\n  \"outcome\": " << nlohmann::json(outcome).dump() << "\n}\n";
  }
  out_.flush();
}

MetricsWriter::~MetricsWriter() { finish("interrupted"); }

}  // namespace app
