// A file cache for build_sdf (a 128-cell bunny takes seconds; reading it back, milliseconds). The file
// <cache_dir>/sdf-<mesh_hash as 16 hex digits>-<resolution>-p<padding cells>.bin holds a header — magic
// "SSSDFGRD", format version, node counts, resolution, mesh hash, origin, cell, FNV-1a of the φ bytes —
// and then φ as floats, in this machine's byte order. A file is used only if every header field matches
// the grid build_sdf would make for this mesh, its size is exact, the φ hash agrees and its values pass
// sdf_payload_problem (sdf_check.h: finite, bounded, exact at a few dozen nodes); otherwise it is rebuilt
// and overwritten.
#pragma once

#include <string>

#include "mesh/sdf_build.h"

namespace sim {
inline namespace SIM_PRECISION {

// build_sdf(mesh, resolution, padding_cells) through the cache; an empty cache_dir builds without it. The
// folder is created when missing; a file that cannot be written costs only the cache.
SdfGrid load_or_build_sdf(const TriangleMesh& mesh, int resolution, const std::string& cache_dir,
                          int padding_cells = kSdfPaddingCells);

// The cache file of this mesh at this resolution and padding.
std::string sdf_cache_file(const TriangleMesh& mesh, int resolution, const std::string& cache_dir,
                           int padding_cells = kSdfPaddingCells);

}  // namespace SIM_PRECISION
}  // namespace sim
