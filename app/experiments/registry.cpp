// The registry of experiments, in the order `smallsteps experiment list` shows them: Small Steps' figures
// (small_steps_experiments.cpp, bunny_experiment.cpp, fluid_rigid_experiments.cpp), Teschner's integrators
// (integrator_experiments.cpp, integrator_table.cpp), Archimedes (buoyancy_experiment.cpp) and Giles &
// Andrews' adaptive substepping (adaptive_experiments.cpp), and the step changes and substep rules of issue 50
// (step_change_experiment.cpp, adaptive_rules_experiment.cpp).
#include "experiments/experiment.h"

namespace app {

ExperimentPlot over_time(std::string file, std::string title, std::string measure, bool log_y,
                         std::vector<render::PlotReference> references) {
  return {std::move(file), std::move(title), std::move(measure), log_y, std::move(references), "", false};
}

ExperimentPlot series_over_time(std::string file, std::string title, std::string measure, bool log_y,
                                std::string series) {
  ExperimentPlot p = over_time(std::move(file), std::move(title), std::move(measure), log_y);
  p.only_series = std::move(series);
  return p;
}

const std::vector<ExperimentDef>& experiment_registry() {
  static const std::vector<ExperimentDef> all = {chain_stretch(),
                                                 chain_heavy(),
                                                 chain_residual(),
                                                 chain_force(),
                                                 cloth_energy(),
                                                 bunny_stretch(),
                                                 bunny_rest_stretch(),
                                                 bunny_landing(),
                                                 beam_sag(),
                                                 integrator_order(),
                                                 integrator_pendulum(),
                                                 integrator_energy(),
                                                 integrator_stability(),
                                                 integrator_table(),
                                                 fluid_compression(),
                                                 rigid_chain_separation(),
                                                 capsule_stack_collapse(),
                                                 ball_buoyancy(),
                                                 adaptive_energy(),
                                                 adaptive_substeps(),
                                                 adaptive_substeps_bridge(),
                                                 adaptive_stack(),
                                                 adaptive_substeps_direct(),
                                                 adaptive_substeps_pgs(),
                                                 adaptive_alpha(),
                                                 step_change(),
                                                 adaptive_rules(),
                                                 residual_order()};
  return all;
}

const ExperimentDef* find_experiment(const std::string& name) {
  for (const ExperimentDef& e : experiment_registry())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace app
