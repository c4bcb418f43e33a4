// MetricsWriter: per-frame metrics to CSV (one row a frame) or JSON (run description + frame list),
// chosen by the file's extension, with the columns registry/frame_metrics.h lists (the common ones, then
// each family's). The file is opened before the run so a bad path fails early.
#pragma once

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/error_watch.h"
#include "registry/frame_metrics.h"
#include "run/run_options.h"

namespace app {

// Each check the watch followed, with its unit, bound, worst value and frames (the JSON file's end).
nlohmann::json failure_checks_json(const sim::ErrorWatch& watch);

class MetricsWriter {
 public:
  // Throws sim::ParamError when the extension is neither .csv nor .json or the file cannot be written.
  MetricsWriter(const std::string& path, const RunOptions& options, const sim::Model& model,
                const std::string& backend);
  ~MetricsWriter();
  // A frame's metrics and its failure checks (registry/frame_metrics.h, failure_checks).
  void write(const sim::FrameMetrics& m, const sim::FailureChecks& failures);
  // Completes the file; `outcome` is "completed" or the divergence reason. The JSON file ends with how
  // each failure check of the frames written compared with its bound (metrics/failure_check.h).
  void finish(const std::string& outcome);

 private:
  std::string path_;
  std::ofstream out_;
  bool json_;
  bool finished_ = false;
  size_t frames_written_ = 0;
  std::vector<std::string> probe_names_;
  std::vector<bool> torque_probe_;  // the probe also writes a torque (an angular block's)
  sim::ErrorWatch watch_;
};

}  // namespace app
