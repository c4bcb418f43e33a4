#include "metrics_writer.h"

#include <nlohmann/json.hpp>

#include "text_util.h"

namespace app {
namespace {

nlohmann::json params_json(const sim::ParamSet& p) {
  nlohmann::json out = nlohmann::json::object();
  for (const sim::ParamSpec& s : p.specs()) {
    if (s.type == sim::ParamType::Real || s.type == sim::ParamType::Int)
      out[s.name] = p.get(s.name);
    else if (s.type == sim::ParamType::Bool)
      out[s.name] = p.get_bool(s.name);
    else
      out[s.name] = p.text(s.name);
  }
  return out;
}

double by_kind(const sim::FrameMetrics& m, sim::DistanceKind kind) {
  return m.max_residual_by_kind[size_t(kind)];
}

// One per-frame column, in CSV and JSON alike.
struct Column {
  const char* name;
  double (*value)(const sim::FrameMetrics&);
  bool integer;
};

const Column kColumns[] = {
    {"frame", [](const sim::FrameMetrics& m) { return double(m.frame); }, true},
    {"time_s", [](const sim::FrameMetrics& m) { return m.time; }, false},
    {"kinetic_J", [](const sim::FrameMetrics& m) { return m.kinetic; }, false},
    {"gravitational_J", [](const sim::FrameMetrics& m) { return m.gravitational; }, false},
    {"elastic_J", [](const sim::FrameMetrics& m) { return m.elastic; }, false},
    {"potential_J", [](const sim::FrameMetrics& m) { return m.potential; }, false},
    {"total_J", [](const sim::FrameMetrics& m) { return m.total; }, false},
    {"violation_J", [](const sim::FrameMetrics& m) { return m.violation; }, false},
    {"max_residual_m", [](const sim::FrameMetrics& m) { return m.max_residual; }, false},
    {"rms_residual_m", [](const sim::FrameMetrics& m) { return m.rms_residual; }, false},
    {"max_residual_stretch_m",
     [](const sim::FrameMetrics& m) { return by_kind(m, sim::DistanceKind::Stretch); }, false},
    {"max_residual_shear_m", [](const sim::FrameMetrics& m) { return by_kind(m, sim::DistanceKind::Shear); },
     false},
    {"max_residual_bend_m", [](const sim::FrameMetrics& m) { return by_kind(m, sim::DistanceKind::Bend); },
     false},
    {"max_residual_other_m", [](const sim::FrameMetrics& m) { return by_kind(m, sim::DistanceKind::Other); },
     false},
    {"max_residual_attachment_m",
     [](const sim::FrameMetrics& m) { return m.max_residual_by_kind[sim::kAttachmentResidual]; }, false},
    {"max_residual_tet_deviatoric",
     [](const sim::FrameMetrics& m) { return m.max_residual_by_kind[sim::kTetDeviatoric]; }, false},
    {"max_residual_tet_hydrostatic",
     [](const sim::FrameMetrics& m) { return m.max_residual_by_kind[sim::kTetHydrostatic]; }, false},
    {"max_extension_m", [](const sim::FrameMetrics& m) { return m.max_extension; }, false},
    {"extension_over_bound", [](const sim::FrameMetrics& m) { return m.extension_over_bound; }, false},
    {"stretch_max", [](const sim::FrameMetrics& m) { return m.stretch_max; }, false},
    {"stretch_mean", [](const sim::FrameMetrics& m) { return m.stretch_mean; }, false},
    {"max_penetration_m", [](const sim::FrameMetrics& m) { return m.max_penetration; }, false},
    {"volume_error_mean", [](const sim::FrameMetrics& m) { return m.volume_error_mean; }, false},
    {"volume_error_max", [](const sim::FrameMetrics& m) { return m.volume_error_max; }, false},
    {"tip_deflection_m", [](const sim::FrameMetrics& m) { return m.tip_deflection; }, false},
    {"density_error_mean", [](const sim::FrameMetrics& m) { return m.density_error_mean; }, false},
    {"density_error_max", [](const sim::FrameMetrics& m) { return m.density_error_max; }, false},
    {"fluid_volume_m3", [](const sim::FrameMetrics& m) { return m.fluid_volume; }, false},
    {"cfl_clamps", [](const sim::FrameMetrics& m) { return double(m.cfl_clamps); }, true},
    {"neighbours_max", [](const sim::FrameMetrics& m) { return double(m.neighbours_max); }, true},
    {"neighbour_overflow", [](const sim::FrameMetrics& m) { return double(m.neighbour_overflow); }, true},
    {"joint_separation_max_m", [](const sim::FrameMetrics& m) { return m.joint_separation_max; }, false},
    {"joint_separation_sum_m", [](const sim::FrameMetrics& m) { return m.joint_separation_sum; }, false},
    {"joint_angle_max_rad", [](const sim::FrameMetrics& m) { return m.joint_angle_max; }, false},
    {"angular_momentum_kgm2s",
     [](const sim::FrameMetrics& m) { return double(sim::length(m.angular_momentum)); }, false},
    {"contact_points", [](const sim::FrameMetrics& m) { return double(m.contact_points); }, true},
    {"contacts_touching", [](const sim::FrameMetrics& m) { return double(m.contacts_touching); }, true},
    {"contact_force_N", [](const sim::FrameMetrics& m) { return m.contact_force; }, false},
    {"contact_depth_max_m", [](const sim::FrameMetrics& m) { return m.contact_depth_max; }, false},
    {"contacts_dropped", [](const sim::FrameMetrics& m) { return double(m.contacts_dropped); }, true},
    {"particle_contact_points", [](const sim::FrameMetrics& m) { return double(m.particle_contact_points); },
     true},
    {"particle_contacts_touching",
     [](const sim::FrameMetrics& m) { return double(m.particle_contacts_touching); }, true},
    {"particle_contact_force_N", [](const sim::FrameMetrics& m) { return m.particle_contact_force; }, false},
    {"particle_contact_depth_max_m", [](const sim::FrameMetrics& m) { return m.particle_contact_depth_max; },
     false},
    {"tracked_body_height_m", [](const sim::FrameMetrics& m) { return m.tracked_body_height; }, false},
    {"tracked_body_drop_m", [](const sim::FrameMetrics& m) { return m.tracked_body_drop; }, false},
    {"tracked_body_drift_m", [](const sim::FrameMetrics& m) { return m.tracked_body_drift; }, false},
    {"cg_residual", [](const sim::FrameMetrics& m) { return m.cg_residual; }, false},
    {"substeps", [](const sim::FrameMetrics& m) { return double(m.substeps); }, true},
    {"stiffness_ratio_per_s2", [](const sim::FrameMetrics& m) { return m.stiffness_ratio; }, false},
    {"stable_dt_s", [](const sim::FrameMetrics& m) { return m.stable_dt; }, false},
    {"substeps_wanted", [](const sim::FrameMetrics& m) { return double(m.substeps_wanted); }, true},
    {"substeps_clamped", [](const sim::FrameMetrics& m) { return double(m.substeps_clamped); }, true},
    {"substeps_held", [](const sim::FrameMetrics& m) { return double(m.substeps_held); }, true},
    {"damped_dofs", [](const sim::FrameMetrics& m) { return double(m.damped_dofs); }, true},
    {"projections", [](const sim::FrameMetrics& m) { return double(m.projections); }, true},
    {"step_ms", [](const sim::FrameMetrics& m) { return m.step_ms; }, false},
    {"detection_ms", [](const sim::FrameMetrics& m) { return m.detection_ms; }, false},
    {"search_ms", [](const sim::FrameMetrics& m) { return m.search_ms; }, false},
    {"searches", [](const sim::FrameMetrics& m) { return double(m.searches); }, true},
    {"launches", [](const sim::FrameMetrics& m) { return double(m.launches); }, true},
    {"threads", [](const sim::FrameMetrics& m) { return double(m.threads); }, true},
};

}  // namespace

MetricsWriter::MetricsWriter(const std::string& path, const RunOptions& options, const sim::Model& model,
                             const std::string& backend)
    : path_(path), watch_(model.extension_bound) {
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
    joint_probe_.push_back(p.joint_index >= 0);
  }
  out_.precision(9);
  if (json_) {
    nlohmann::json head = {{"scene", options.scene->name},
                           {"backend", backend},
                           {"settings", params_json(options.settings)},
                           {"params", params_json(options.scene_params)},
                           {"particles", model.particle_count()},
                           {"distance_constraints", model.distance_count()},
                           {"colours", model.colour_count()},
                           {"extension_bound_m", model.extension_bound}};
    const std::string text = head.dump(2);
    out_ << text.substr(0, text.size() - 2) << ",\n  \"frames\": [\n";  // reopen the object for frames
  } else {
    for (const Column& c : kColumns) out_ << (&c == kColumns ? "" : ",") << c.name;
    for (const std::string& name : probe_names_) out_ << ",force_" << name << "_N";
    for (const sim::Probe& p : model.probes)
      if (p.joint_index >= 0) out_ << ",torque_" << p.name << "_Nm";
    out_ << '\n';
  }
}

void MetricsWriter::write(const sim::FrameMetrics& m) {
  watch_.observe(m);
  if (json_) {
    nlohmann::json row = nlohmann::json::object();
    for (const Column& c : kColumns) {
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
      if (joint_probe_[i]) torques[probe_names_[i]] = m.probe_torque[i];
    if (!torques.empty()) row["torque_Nm"] = torques;
    out_ << (frames_written_ ? ",\n    " : "    ") << row.dump();
  } else {
    for (const Column& c : kColumns) out_ << (&c == kColumns ? "" : ",") << c.value(m);
    for (double f : m.probe_force) out_ << ',' << f;
    for (size_t i = 0; i < probe_names_.size(); ++i)
      if (joint_probe_[i]) out_ << ',' << m.probe_torque[i];
    out_ << '\n';
  }
  ++frames_written_;
}

void MetricsWriter::finish(const std::string& outcome) {
  if (finished_) return;
  finished_ = true;
  if (json_) {
    const nlohmann::json error = {{"bound_m", watch_.bound()},
                                  {"exceeded", watch_.exceeded()},
                                  {"first_frame_over", watch_.first_frame()},
                                  {"worst_m", watch_.worst()},
                                  {"worst_frame", watch_.worst_frame()}};
    out_ << "\n  ],\n  \"constraint_extension\": " << error.dump() << ",\n  \"outcome\": " << nlohmann::json(outcome).dump()
         << "\n}\n";
  }
  out_.flush();
}

MetricsWriter::~MetricsWriter() { finish("interrupted"); }

}  // namespace app
