// The SDF collider family (Small Steps §4.2-4.4): particles, and cloth stretch edges at their midpoints,
// against the signed distance field of a static body (the bunny). Its data is the field φ at the grid
// nodes; its stages: families/collider/collider_stages.h. Its metric is the deepest penetration, of a
// particle or of a stretch edge's midpoint, past the radius.
#pragma once

#include <stdexcept>
#include <tuple>
#include <vector>

#include "constraints/particle_contact.h"
#include "constraints/sdf_collider.h"
#include "core/index.h"
#include "core/position.h"
#include "families/distance/distance_data.h"
#include "families/family.h"
#include "geometry/sdf_grid.h"

namespace sim {
inline namespace SIM_PRECISION {

// The drawn surface of the SDF collider, in world coordinates; host only.
struct ColliderMesh {
  std::vector<Vec3> vertices;   // [m]
  std::vector<Int3> triangles;  // counter-clockwise seen from outside
};

struct ColliderSums {
  double deepest = 0.0;  // max(r − φ, 0) [m]
  SIM_HD static ColliderSums combine(const ColliderSums& a, const ColliderSums& b) {
    return {max_number(a.deepest, b.deepest)};
  }
};

// Index i < particles: particle i's depth past its radius into the collider; then distance constraint
// i − particles, a cloth stretch edge, at its midpoint (they touch the collider too,
// families/collider/collider_stages.h). Each within the collider's margin of its surface is a contact the
// frame projects n·k times (counted as a constraint: a resting contact stays within it, as the detection's
// swept test keeps it).
struct MeasureCollider {
  SdfCollider collider;
  const Position* x;
  const Real* radius;
  const Int2* edges;
  const DistanceKind* kind;
  int particles;
  int count;
  SIM_HD void operator()(int i, ConstraintSums& s, ColliderSums& own) const {
    if (i < particles) {
      if (is_finite(x[i])) add(collider.sample(x[i]).phi - radius[i], s, own);
      return;
    }
    const int k = i - particles;
    if (kind[k] != DistanceKind::Stretch) return;
    const Vec3 mid = edge_midpoint(x, edges[k]);
    if (is_finite(mid)) add(collider.sample(mid).phi - edge_radius(radius, edges[k]), s, own);
  }
  // gap: φ past the sphere's radius [m]; negative inside
  SIM_HD void add(Real gap, ConstraintSums& s, ColliderSums& own) const {
    own.deepest = max_number(own.deepest, max_number(0.0, -double(gap)));
    if (gap < collider.margin) s.count += 1;
  }
};

struct ColliderMetrics {
  double max_penetration = 0.0;  // deepest particle or stretch-edge midpoint in the collider past r [m]
};

template <class Builder>
struct ColliderBuilder {
  // The SDF collider: its placement and material, φ at its grid nodes (collider.sdf gives the layout; its
  // pointer is ignored) and the mesh to draw.
  void set_collider(const SdfCollider& collider, std::vector<float> phi, ColliderMesh mesh) {
    const SdfGridView& g = collider.sdf;
    if (g.nx < 2 || g.ny < 2 || g.nz < 2 || !(g.cell > 0.0) ||
        phi.size() != size_t(g.nx) * size_t(g.ny) * size_t(g.nz))
      throw std::invalid_argument("collider field does not match its grid");
    if (!(collider.scale > 0.0) || !is_finite(collider.position))
      throw std::invalid_argument("collider with a non-positive scale or a non-finite position");
    auto& m = static_cast<Builder&>(*this).model();
    m.collider = collider.bound_to(nullptr, nullptr);
    SdfGridView field = g;
    field.phi = phi.data();
    m.collider_slope = sdf_slope_bricks(field);
    m.collider_phi = std::move(phi);
    m.collider_mesh = std::move(mesh);
  }
};

struct ColliderFamily : FamilyDefaults<ColliderFamily> {
  template <template <class> class Array>
  struct ModelPart {
    Array<float> collider_phi;    // φ of the SDF collider at its grid nodes [m, collider frame]
    Array<float> collider_slope;  // a bound on |∇φ| per brick of its grid (geometry/sdf_grid.h) [-]
    SdfCollider collider;  // its field is bound to collider_phi and collider_slope by whoever samples it
    ColliderMesh collider_mesh;  // host only
    auto fields() { return std::tie(collider_phi, collider_slope); }
    auto fields() const { return std::tie(collider_phi, collider_slope); }
    // The collider with its field bound to this part's own copy of φ (host or device).
    SdfCollider bound_collider() const {
      return collider.bound_to(collider_phi.data(), collider_slope.data());
    }
  };
  template <class Builder>
  using BuilderPart = ColliderBuilder<Builder>;
  template <class Core>
  class Stages;

  using Sums = ColliderSums;
  using Metrics = ColliderMetrics;
  template <class Exec, class ModelA, class StateA>
  static MeasureCollider measure_term(const ModelA& m, const StateA& s, const MetricFrame&) {
    const int particles = int(Exec::size(m.particle_inv_mass));
    const int edges = int(Exec::size(m.distance.rest_length));
    return {m.collider.bound_to(Exec::data(m.collider_phi), Exec::data(m.collider_slope)),
            Exec::data(s.particle_x),
            Exec::data(m.particle_radius),
            Exec::data(m.distance.particles),
            Exec::data(m.distance.kind),
            particles,
            m.collider.enabled ? particles + edges : 0};
  }
  template <class ModelT>
  static void finish(Metrics& out, const Sums& sums, const ModelT&, Real) {
    out.max_penetration = sums.deepest;
  }
  static std::vector<MetricColumn<Metrics>> columns() {
    return {{"max_penetration_m", [](const Metrics& m) { return m.max_penetration; }}};
  }
  template <class ModelT>
  static void residuals(const ModelT& m, const Metrics& metrics, ResidualParts& out) {
    if (m.collider.enabled) out.push_back({"collider", metrics.max_penetration, "m"});
  }
  template <class ModelT>
  static void report(const ModelT& m, const Metrics& metrics, ReportLines& out) {
    if (m.collider.enabled)
      out.push_back({"penetration", "max " + format_length(metrics.max_penetration) + " into the collider"});
  }
};

}  // namespace SIM_PRECISION
}  // namespace sim

// Its solver part, so that registering the family (registry/family_list.h) brings its stages too.
#include "families/collider/collider_stages.h"
