// libFuzzer harness: an OBJ file's bytes through the loader (sim/mesh/obj_loader.h: load_obj_text) and
// what a scene does with the mesh next (mesh_quality.h: assess_mesh, mesh_warnings, sdf_refusal, then a
// coarse SDF, sdf_build.h). Every input must give a mesh or raise sim::MeshError; a crash, a sanitizer
// report, a hang or any other exception is a finding (libFuzzer stops on it and saves the input).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mesh/mesh_quality.h"
#include "mesh/obj_loader.h"
#include "mesh/sdf_build.h"

namespace {
constexpr int kSdfResolution = 8;  // cells along the longest side: enough to reach every code path, cheap
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sim::TriangleMesh mesh;
  try {
    mesh = sim::load_obj_text(text, "fuzz input");
  } catch (const sim::MeshError&) {
    return 0;
  }
  const sim::MeshQuality quality = sim::assess_mesh(mesh);
  sim::mesh_warnings(mesh, quality, kSdfResolution);
  if (!sim::sdf_refusal(mesh, quality, kSdfResolution)) sim::build_sdf(mesh, kSdfResolution);
  return 0;
}
