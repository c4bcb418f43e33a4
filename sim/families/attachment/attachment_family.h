// The attachment family: a particle held to a target p by C = |x − p| with compliance α (Small Steps Eqs. 4,
// 5, 8), and the mouse grab, one more attachment. Its data, builder part and metrics are here; its solver
// stages are families/attachment/attachment_stages.h.
#pragma once

#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "constraints/attachment.h"
#include "core/position.h"
#include "families/family.h"
#include "model/grab.h"

namespace sim {
inline namespace SIM_PRECISION {

struct AttachmentSums {
  double max_residual = 0.0;  // max |C + α̃λ| [m]
  SIM_HD static AttachmentSums combine(const AttachmentSums& a, const AttachmentSums& b) {
    return {max_number(a.max_residual, b.max_residual)};
  }
};

// Attachment t: C = |x − p|, a pull in any direction.
struct MeasureAttachment {
  const int* particle;
  const Real* compliance;
  const Real* lambda;
  const Vec3* target;
  const Position* x;
  Real h;
  int count;
  SIM_HD void operator()(int t, ConstraintSums& s, AttachmentSums& own) const {
    const double C = length(x[particle[t]] - target[t]);
    add_energies(s, C, compliance[t], lambda[t], h);
    own.max_residual = max_number(own.max_residual, add_residual(s, C, compliance[t], lambda[t], h, true));
    s.max_extension = max_number(s.max_extension, C);
  }
};

struct AttachmentMetrics {
  double max_residual_attachment = 0.0;  // max |C + α̃λ| [m]
};

template <class Builder>
struct AttachmentBuilder {
  // Holds `particle` at `target` [m] with compliance α [m/N]; a particle takes one attachment.
  int add_attachment(int particle, Vec3 target, Real compliance) {
    Builder& self = static_cast<Builder&>(*this);
    if (particle < 0 || particle >= self.particle_count())
      throw std::invalid_argument("attachment to invalid particle " + std::to_string(particle));
    auto& a = self.model().attachment;
    for (int p : a.particle)
      if (p == particle)
        throw std::invalid_argument("particle " + std::to_string(particle) + " has two attachments");
    a.particle.push_back(particle);
    a.compliance.push_back(compliance);
    self.state().attachment.target.push_back(target);
    return int(a.particle.size()) - 1;
  }
};

struct AttachmentFamily : FamilyDefaults<AttachmentFamily> {
  template <template <class> class Array>
  struct ModelPart {
    struct {
      Array<int> particle;     // attached particle (at most one attachment per particle)
      Array<Real> compliance;  // α [m/N]
    } attachment;
    auto fields() { return std::tie(attachment.particle, attachment.compliance); }
    auto fields() const { return std::tie(attachment.particle, attachment.compliance); }
    int attachment_count() const { return int(attachment.particle.size()); }
  };
  template <template <class> class Array>
  struct StatePart {
    struct {
      Array<Vec3> target;  // p at the end of the frame [m]
      Array<Real> lambda;  // λ [N·s²]
    } attachment;
    auto fields() { return std::tie(attachment.target, attachment.lambda); }
    auto fields() const { return std::tie(attachment.target, attachment.lambda); }
  };
  template <class Builder>
  using BuilderPart = AttachmentBuilder<Builder>;
  template <class ModelT, class StateT>
  static void finalize(ModelT& m, StateT& s) {
    s.attachment.lambda.assign(size_t(m.attachment_count()), 0.0);
  }
  template <class Core>
  class Stages;

  using Sums = AttachmentSums;
  using Metrics = AttachmentMetrics;
  template <class Exec, class ModelA, class StateA>
  static MeasureAttachment measure_term(const ModelA& m, const StateA& s, const MetricFrame& frame) {
    return {Exec::data(m.attachment.particle),
            Exec::data(m.attachment.compliance),
            Exec::data(s.attachment.lambda),
            Exec::data(s.attachment.target),
            Exec::data(s.particle_x),
            frame.h,
            int(Exec::size(m.attachment.particle))};
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT&, Real) {
    out.max_residual_attachment = sums.max_residual;
  }
  static std::vector<MetricColumn<Metrics>> columns() {
    return {{"max_residual_attachment_m", [](const Metrics& m) { return m.max_residual_attachment; }}};
  }
  template <class ModelT>
  static void report(const ModelT& m, const Metrics& metrics, ReportLines& out) {
    if (m.attachment_count() > 0)
      out.push_back({"attachments", format_text("%d, |C + α̃λ| max ", m.attachment_count()) +
                                        format_length(metrics.max_residual_attachment)});
  }
  template <class ModelT>
  static void residuals(const ModelT& m, const Metrics& metrics, ResidualParts& out) {
    if (m.attachment_count() > 0) out.push_back({"attachments", metrics.max_residual_attachment, "m"});
  }
  template <class ModelT>
  static void add_sizes(const ModelT& m, std::vector<ModelSize>& out) {
    if (m.attachment_count() > 0) out.push_back({"attachments", "attachments", m.attachment_count()});
  }
  // Their targets move with the frames (World::edit_state), so the scene's energy has no bound.
  template <class ModelT>
  static bool drives(const ModelT& m) {
    return m.attachment_count() > 0;
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/attachment/attachment_stages.h"
