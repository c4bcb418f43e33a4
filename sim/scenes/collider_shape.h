// The shapes a scene can collide with, normalised to height 1 with the base centred on the origin (so a
// scene places them with one scale and one translation, collide/sdf_collider.h): the Stanford bunny,
// loaded from its OBJ file, or an analytic sphere of diameter 1 (drawn as a UV sphere). Each comes with
// its SDF grid and the mesh to draw. A bunny file whose mesh cannot give a field (mesh_quality.h:
// sdf_refusal) is treated like a broken file; what makes its field less trustworthy (holes, far vertices)
// becomes notes. Built once per SDF resolution and shared in the process, and cached on disk by mesh hash.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "assets/asset_path.h"
#include "mesh/sdf_build.h"
#include "mesh/triangle_mesh.h"

namespace sim {

struct ColliderShape {
  TriangleMesh mesh;               // normalised: height 1, base centre at the origin; no unused vertices
  SdfGrid sdf;                     // of `mesh`, in the same frame
  std::vector<std::string> notes;  // one line each: why the shape is not the one asked for, or what
                                   // makes its field less trustworthy
};

enum class ShapeKind { Bunny, Sphere };

// The bunny when its file is found, loads and can give a field, else the sphere with a note naming the
// problem and the places searched; built once per (kind, resolution) in a process.
std::shared_ptr<const ColliderShape> collider_shape(ShapeKind kind, int sdf_resolution);

// The two shapes themselves, uncached: the sphere's field is exact (|x − c| − ½ at every node); the
// bunny's comes from its OBJ at lookup.path, with a note per mesh_warnings line (prefixed with the path),
// and falls back to the sphere with a note.
ColliderShape sphere_shape(int sdf_resolution);
ColliderShape bunny_shape(const AssetLookup& lookup, int sdf_resolution);

}  // namespace sim
