// The attachment family's data and metric term: a particle held to a target p by C = |x − p| with
// compliance α (Small Steps Eqs. 4, 5, 8), and the mouse grab, one more attachment. Its solver stages
// are families/attachment_stages.h.
#pragma once

#include <tuple>
#include <vector>

#include "constraints/attachment.h"
#include "families/family.h"
#include "metrics/metric_terms.h"

namespace sim {

// A particle, or a rigid body's point, held by the mouse: an attachment (Small Steps Eq. 8 with compliance
// α) to a target that the viewer moves with the cursor. particle < 0 and body < 0 hold nothing.
struct Grab {
  int particle = -1;
  Vec3 target{};  // where the particle (or the body's point) is pulled at the end of the next frame [m]
  Real compliance = 1e-6;  // α [m/N]
  int body = -1;           // a body held at its point `local` instead of a particle (families/rigid_stages.h)
  Vec3 local{};            // [m] body coordinates
};

// The particles a grab holds, each by an attachment of the grab's compliance to the target plus its offset:
// the grabbed particle (offset 0) and the movable ones within Model::grab_radius of it when grabbed.
struct GrabHold {
  std::vector<int> particle;
  std::vector<Vec3> offset;  // from the grabbed particle when grabbed [m]
};

// Attachment t: C = |x − p|, a pull in any direction.
struct MeasureAttachment {
  const int* particle;
  const Real* compliance;
  const Real* lambda;
  const Vec3* target;
  const Vec3* x;
  Real h;
  int count;
  SIM_HD void operator()(int t, ConstraintSums& s) const {
    const double C = length(x[particle[t]] - target[t]);
    add_energies(s, C, compliance[t], lambda[t], h);
    add_residual(s, C, compliance[t], lambda[t], h, kAttachmentResidual);
    s.max_extension = max_number(s.max_extension, C);
  }
};

struct AttachmentFamily {
  template <template <class> class Array>
  struct ModelPart {
    struct {
      Array<int> particle;     // attached particle (at most one attachment per particle)
      Array<Real> compliance;  // α [m/N]
    } attachment;
    auto fields() { return std::tie(attachment.particle, attachment.compliance); }
    auto fields() const { return std::tie(attachment.particle, attachment.compliance); }
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
  template <class Exec>
  class Stages;

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
};

}  // namespace sim
