// libFuzzer harness: a TetGen body (sim/mesh/tet_mesh.h: load_tetgen_text; the input is the .node file, a
// NUL byte, then the .ele file) and what the fem scenes do with it next: its boundary, lumped masses,
// and the tets handed to ModelBuilder. Every input must give a body or raise sim::MeshError; a crash, a
// sanitizer report, a hang or any other exception (ModelBuilder's std::invalid_argument included: the
// loader must refuse what the builder would) is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mesh/obj_loader.h"
#include "mesh/tet_mesh.h"
#include "registry/builder.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t split = input.find('\0');
  const std::string_view node = input.substr(0, split);
  const std::string_view ele = split == std::string_view::npos ? std::string_view() : input.substr(split + 1);
  sim::TetMesh mesh;
  try {
    mesh = sim::load_tetgen_text(node, ele, "fuzz input");
  } catch (const sim::MeshError&) {
    return 0;
  }
  sim::boundary_faces(mesh);
  const std::vector<sim::Real> mass = sim::lumped_masses(mesh, 1000.0);
  sim::ModelBuilder b;
  for (size_t v = 0; v < mesh.vertices.size(); ++v) b.add_particle(mesh.vertices[v], mass[v], 0.0);
  for (const sim::Int4& t : mesh.tets) b.add_tet(t.a, t.b, t.c, t.d);
  b.finalize();
  return 0;
}
