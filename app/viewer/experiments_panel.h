// ExperimentsPanel: the viewer's Experiments section — pick one of the papers' experiments
// (app/experiments), run it (quick or full) on a thread of its own while the scene keeps running, and see
// its plots and its findings beside the paper's, as `smallsteps experiment` writes them to files.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "backend/backend.h"
#include "experiments/experiment_run.h"
#include "render/gl.h"

namespace app {

class ExperimentsPanel {
 public:
  ExperimentsPanel() = default;
  ~ExperimentsPanel();  // cancels the run under way, waits for it, frees the plots
  ExperimentsPanel(const ExperimentsPanel&) = delete;
  ExperimentsPanel& operator=(const ExperimentsPanel&) = delete;

  void draw(sim::BackendKind backend);  // inside the viewer's ImGui window

  // What the panel's Run button does: experiment `index` of the registry on a thread of its own.
  void start(sim::BackendKind backend, int index, bool quick);
  void poll();  // takes in a finished run: its findings, and its plots as textures (draw() polls)
  bool running() const { return running_; }
  const ExperimentResult& result() const { return result_; }
  int plot_count() const { return int(plots_.size()); }

 private:
  struct Plot {
    GLuint texture = 0;
    int width = 0, height = 0;  // [px]
  };
  void free_plots();

  int selected_ = 0;
  bool quick_ = true;
  bool running_ = false;
  std::thread worker_;
  std::atomic<bool> cancel_{false}, finished_{false};
  std::mutex mutex_;      // guards the three below while the worker runs
  std::string progress_;  // the run under way
  std::string error_;     // what the worker threw
  ExperimentResult result_;
  std::vector<Plot> plots_;
};

}  // namespace app
