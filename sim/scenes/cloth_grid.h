// A rectangular cloth of nx × nz particles in a horizontal plane, shared by the cloth scenes: stretch
// (grid edges), shear (diagonals) and bending (edges skipping one particle) as distance constraints of
// stiffness k [N/m], compliance α = 1/k (Small Steps §6.2 and Figure 1), plus the drawn triangles.
#pragma once

#include <vector>

#include "params/param.h"
#include "registry/builder.h"

namespace sim {
inline namespace SIM_PRECISION {

struct ClothMaterial {
  Real areal_density = 0.2;       // [kg/m²]
  Real stretch_stiffness = 1e7;   // [N/m]
  Real shear_stiffness = 1e7;     // [N/m]; 0 leaves the diagonals out
  Real bend_stiffness = 10.0;     // [N/m]; 0 leaves the bending edges out
};

struct ClothGridSpec {
  int nx = 2, nz = 2;  // particles along x and z
  Real spacing = 0.1;  // rest distance between grid neighbours [m]
  Vec3 origin{};       // position of particle (0, 0); the grid extends along +x and +z [m]
  Real radius = 0.04;  // particle contact radius [m]
  ClothMaterial material;
};

struct ClothGrid {
  int first = 0;  // builder index of particle (0, 0)
  int nx = 0;
  int index(int i, int j) const { return first + j * nx + i; }
};

ClothGrid add_cloth_grid(ModelBuilder& b, const ClothGridSpec& spec);

// The material parameters every cloth scene offers, and their values.
std::vector<ParamSpec> cloth_material_params();
ClothMaterial cloth_material(const ParamSet& p);
// The builder lays the cloth's colours out in tiles when the parameter sweep_tiles asks (model/tiling.h).
void set_cloth_sweep(ModelBuilder& b, const ParamSet& p);

}  // namespace SIM_PRECISION
}  // namespace sim
