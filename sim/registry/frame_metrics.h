// FrameMetrics: one frame's measurements, the common ones (metrics/common_metrics.h) and each registered
// family's own Metrics as a base (model.stretch_max, model.joint_separation_max, ...), made from the sums a
// backend reduced (metrics/measure_frame.h); the metrics files' columns and the report's lines in one list.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "metrics/common_metrics.h"
#include "metrics/measure_frame.h"
#include "registry/model.h"
#include "registry/state.h"

namespace sim {
inline namespace SIM_PRECISION {

struct FrameMetrics : CommonMetrics, Families::MetricParts {};

using MeasuredSums = MeasuredSumsOf<Families::Sums>;

// Family F's own sums among a frame's.
template <class F>
const typename F::Sums& family_sums(const MeasuredSums& sums) {
  return sums_get<size_t(Families::index_of<F>())>(sums.families);
}

// The metrics of a frame from its sums, reduced by a backend or by measure_sums; h: the substep Δt_s [s]
// that produced the multipliers.
FrameMetrics metrics_from_sums(const Model& model, const MeasuredSums& sums, Real h);
// Why the state the sums were reduced from is not fit to continue (NaN, infinity, an item outside the
// scene bounds), if so.
std::optional<std::string> divergence_from_sums(const MeasuredSums& sums);

// The same reductions over a host State; gravity_scale as in Settings.
MeasuredSums measure_sums(const Model& model, const State& state, Real h, Real gravity_scale = 1.0);
FrameMetrics measure(const Model& model, const State& state, Real h, Real gravity_scale = 1.0);
std::optional<std::string> check_divergence(const Model& model, const State& state);

// Every per-frame column of the metrics files: the common ones, then each family's, in list order.
const std::vector<MetricColumn<FrameMetrics>>& metric_columns();

// Each family's largest error in its own measure (metrics/report.h), in family list order.
ResidualParts residual_parts(const Model& model, const FrameMetrics& m);
// The frame's failure checks (metrics/failure_check.h): the constraint extension against
// Model::extension_bound where it has one, then each family's own, in family list order, then the energy
// line: the total's rise over E_s (CommonMetrics::energy_rise) against Model::energy_rise_bound.
FailureChecks failure_checks(const Model& model, const FrameMetrics& m);
constexpr const char* kEnergyCheck = "energy grew by";  // the energy line's FailureCheck::name
// The frame in words: the common lines, then each family's (metrics/report.h).
ReportLines frame_report(const Model& model, const FrameMetrics& m);
// The Model in numbers: its particles, then what each family holds.
std::vector<ModelSize> model_sizes(const Model& model);
// "2,500 particles, 14,602 distance constraints, 12 colours".
std::string describe_sizes(const Model& model);

}  // namespace SIM_PRECISION
}  // namespace sim
