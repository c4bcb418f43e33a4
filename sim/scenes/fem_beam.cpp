// fem_beam: a cantilever beam of tetrahedral FEM elements clamped at one end and hanging under gravity
// (Small Steps §6.3, Figure 7: 12,800 tets, E = 10⁷ Pa, ν = 0.45, ρ = 1000 kg/m³). The paper gives no
// dimensions; cubes of 0.1 m make the 40 × 8 × 8-cube default a 4 × 0.8 × 0.8 m beam, whose static sag by
// Euler-Bernoulli, ρgAL⁴/(8EI) = 1.5 ρ g L⁴/(E h²) ≈ 0.59 m, is what an adequately stiff solve holds it
// to. Masses are lumped from ρ V; the clamped end's particles are pinned; the free end's are tracked (the
// tip deflection metric). Elasticity: the tet family (constraints/tet_elasticity.h). `tet_file` replaces
// the box by a TetGen body (mesh/tet_mesh.h), placed with its lowest-x point at the clamp and its y, z
// extent centred there; its particles within 10⁻⁶ of its extent of the lowest x are pinned, and those as
// close to the highest x are tracked.
#include <cmath>

#include "mesh/obj_loader.h"
#include "mesh/tet_mesh.h"
#include "mesh/triangle_mesh.h"
#include "scenes/scene.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// A loaded body moved so that its lowest x is 0 and its y, z extent is centred on 0, like the box beam.
TetMesh centred_at_clamp(TetMesh mesh) {
  const MeshBounds b = vertex_bounds(mesh.vertices);
  const Vec3 shift{-b.lo.x, -0.5 * (b.lo.y + b.hi.y), -0.5 * (b.lo.z + b.hi.z)};
  for (Vec3& v : mesh.vertices) v = v + shift;
  return mesh;
}

}  // namespace

SceneDef make_fem_beam_scene() {
  SceneDef def;
  def.name = "fem_beam";
  def.description = "Cantilever beam of tetrahedral FEM elements sagging under gravity (Small Steps 6.3, Figure 7)";
  // Figure 7's 100 substeps × 1 iteration: at 20 × 1 the one-iteration residual lets the beam swing to 1.49 m,
  // past the 0.6 m its material allows, and the total swings by 24 % of E_s (the energy line fails); at 100 × 1
  // it stays within 0.2 % over 5 s (docs/SCENES.md, FEM beam)
  def.settings = {{"substeps", 100}};
  def.params = {
      {"length", ParamType::Real, 4.0, 0.05, 100.0, "m", "beam length along x, from the clamped end"},
      {"height", ParamType::Real, 0.8, 0.01, 10.0, "m", "cross-section extent along y"},
      {"width", ParamType::Real, 0.8, 0.01, 10.0, "m", "cross-section extent along z"},
      {"cells_length", ParamType::Int, 40, 1, 400, "", "cubes along the length (5 tets each)"},
      {"cells_height", ParamType::Int, 8, 1, 100, "", "cubes along the height"},
      {"cells_width", ParamType::Int, 8, 1, 100, "", "cubes along the width"},
      {"young", ParamType::Real, 1e7, 1e3, 1e12, "Pa", "Young's modulus E", false},
      {"poisson", ParamType::Real, 0.45, 0.01, 0.49, "",
       "Poisson's ratio ν (above 0: StVK's volume term needs λ > 0)", false},
      {"density", ParamType::Real, 1000.0, 1.0, 1e5, "kg/m^3", "density ρ (masses lumped from ρ V)"},
      choice_param("material", TetModel::StVK,
                   "constitutive model of the tet constraints; neo_hookean needs many substeps (tet_elasticity.h)",
                   false, {{"stvk", TetModel::StVK}, {"neo_hookean", TetModel::NeoHookean}}),
      {"gravity", ParamType::Real, 9.81, 0.0, 1000.0, "m/s^2", "magnitude of gravity (downward)", false},
      {"elevation", ParamType::Real, 3.5, 0.0, 1000.0, "m", "height of the beam's axis above the ground"},
      {"ground", ParamType::Bool, 1, 0, 1, "", "collide with the ground plane y = 0", false},
      {"clamped", ParamType::Bool, 1, 0, 1, "",
       "pin the lowest-x end (a cantilever); off: a free body falling on the ground (the lectures' cube)"},
      {"edge_stiffness", ParamType::Real, 0.0, 0.0, 1e12, "N/m",
       "springs along every tet edge besides the tets (the lectures' cube: springs plus a volume term); 0: "
       "none"},
      {"tet_file", ParamType::Text, 0, 0, 0, "",
       "a TetGen body (.node/.ele path or stem) in place of the box; its lowest-x end is clamped unless "
       "clamped is off"},
  };
  def.build = [](const ParamSet& p) {
    const Real length = Real(p.get("length")), height = Real(p.get("height")), width = Real(p.get("width"));
    const Int3 cells{p.get_int("cells_length"), p.get_int("cells_height"), p.get_int("cells_width")};
    const std::string& file = p.get_text("tet_file");
    TetMesh mesh;
    try {
      mesh = file.empty() ? box_beam({length, height, width}, cells) : centred_at_clamp(load_tetgen(file));
    } catch (const MeshError& e) {
      throw ParamError("scene 'fem_beam' parameter 'tet_file': " + std::string(e.what()));
    }
    const std::vector<Real> mass = lumped_masses(mesh, Real(p.get("density")));
    const auto [lo, hi] = vertex_bounds(mesh.vertices);
    const Real extent = sim::length(hi - lo), end_tolerance = 1e-6 * extent;
    const Real radius = file.empty()
                            ? 0.25 * std::fmin(length / cells.a, std::fmin(height / cells.b, width / cells.c))
                            : 0.01 * extent;
    const Vec3 clamp{0.0, Real(p.get("elevation")), 0.0};

    ModelBuilder b;
    b.set_gravity({0.0, -Real(p.get("gravity")), 0.0});
    GroundPlane ground;
    ground.enabled = p.get_bool("ground");
    b.set_ground(ground);
    const Real span = 10.0 * (extent + Real(p.get("elevation"))) + 100.0;
    b.set_bounds({{-span, -span, -span}, {span, span, span}});
    b.set_tet_material({p.get_choice<TetModel>("material"), Real(p.get("young")), Real(p.get("poisson")),
                        Real(p.get("density"))});
    for (const std::string& note : mesh.notes) b.add_note(note);
    for (size_t v = 0; v < mesh.vertices.size(); ++v) {
      const Vec3 x = clamp + mesh.vertices[v];
      const bool clamped = p.get_bool("clamped") && mesh.vertices[v].x <= lo.x + end_tolerance;
      b.add_particle(x, clamped ? 0.0 : mass[v], radius);
      if (mesh.vertices[v].x >= hi.x - end_tolerance) b.track_particle(int(v));
    }
    try {
      for (const Int4& t : mesh.tets) b.add_tet(t.a, t.b, t.c, t.d);
    } catch (const std::invalid_argument& e) {  // a body the loader passed but placed, the builder refuses
      throw ParamError("scene 'fem_beam' parameter 'tet_file': " + std::string(e.what()));
    }
    const Real k = Real(p.get("edge_stiffness"));
    if (k > 0.0)
      for (const Int2& e : tet_edges(mesh)) b.add_distance(e.a, e.b, 1.0 / k);
    for (const Int3& f : boundary_faces(mesh)) b.add_triangle(f.a, f.b, f.c);
    b.set_energy_length(length);  // the beam's length
    return b.finalize();
  };
  return def;
}

}  // namespace SIM_PRECISION
}  // namespace sim
