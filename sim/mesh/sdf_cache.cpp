// Reading, validating and writing cached SDF grids; see sdf_cache.h.
#include "mesh/sdf_cache.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include "core/fnv1a.h"
#include "mesh/sdf_check.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

constexpr char kMagic[8] = {'S', 'S', 'S', 'D', 'F', 'G', 'R', 'D'};
constexpr uint32_t kVersion = 1;

// Everything before φ, in file order.
struct Header {
  char magic[8];
  uint32_t version;
  int32_t nx, ny, nz, resolution;
  uint64_t mesh_hash;
  double origin[3];  // [m]
  double cell;       // [m]
  uint64_t phi_hash;
};

// Field by field, so the file does not depend on the compiler's struct padding.
constexpr size_t kHeaderBytes = 8 + 4 + 4 * 4 + 8 + 3 * 8 + 8 + 8;

template <typename T>
void put(std::vector<char>& out, const T& value) {
  const char* bytes = reinterpret_cast<const char*>(&value);
  out.insert(out.end(), bytes, bytes + sizeof value);
}

template <typename T>
void take(const char*& in, T& value) {
  std::memcpy(&value, in, sizeof value);
  in += sizeof value;
}

std::vector<char> encode(const Header& h) {
  std::vector<char> out(h.magic, h.magic + 8);
  put(out, h.version);
  for (const int32_t n : {h.nx, h.ny, h.nz, h.resolution}) put(out, n);
  put(out, h.mesh_hash);
  for (const double v : h.origin) put(out, v);
  put(out, h.cell);
  put(out, h.phi_hash);
  return out;
}

Header decode(const char* in) {
  Header h;
  std::memcpy(h.magic, in, 8);
  in += 8;
  take(in, h.version);
  for (int32_t* n : {&h.nx, &h.ny, &h.nz, &h.resolution}) take(in, *n);
  take(in, h.mesh_hash);
  for (double& v : h.origin) take(in, v);
  take(in, h.cell);
  take(in, h.phi_hash);
  return h;
}

uint64_t phi_hash(const std::vector<float>& phi) {
  return fnv1a(kFnv1aBasis, phi.data(), phi.size() * sizeof(float));
}

// The header of grid g, φ hash left 0 until there are values to hash.
Header layout_header(const SdfGrid& g, uint64_t mesh, int resolution) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.nx = g.nx;
  h.ny = g.ny;
  h.nz = g.nz;
  h.resolution = resolution;
  h.mesh_hash = mesh;
  h.origin[0] = g.origin.x;
  h.origin[1] = g.origin.y;
  h.origin[2] = g.origin.z;
  h.cell = g.cell;
  return h;
}

// Header fields that describe the grid (all but the φ hash) compared as bytes.
bool same_layout(const Header& a, const Header& b) {
  const std::vector<char> ea = encode(a), eb = encode(b);
  return std::equal(ea.begin(), ea.end() - 8, eb.begin());
}

// Reads φ into `grid` (the layout `want` describes) when the file holds exactly that grid; on false, φ
// may be partly overwritten.
bool read_cached(const std::string& path, SdfGrid& grid, const Header& want) {
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size != kHeaderBytes + grid.phi.size() * sizeof(float)) return false;
  std::ifstream in(path, std::ios::binary);
  std::vector<char> header(kHeaderBytes);
  if (!in.read(header.data(), std::streamsize(kHeaderBytes))) return false;
  const Header got = decode(header.data());
  if (!same_layout(got, want)) return false;
  if (!in.read(reinterpret_cast<char*>(grid.phi.data()), std::streamsize(grid.phi.size() * sizeof(float))))
    return false;
  return phi_hash(grid.phi) == got.phi_hash;
}

// Written beside the target and renamed over it, so a reader never sees half a file.
void write_cached(const std::string& path, const SdfGrid& g, Header h) {
  h.phi_hash = phi_hash(g.phi);
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  const std::string temporary = path + ".tmp" + std::to_string(::getpid()) + "-" +
                                std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id()));
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    const std::vector<char> header = encode(h);
    out.write(header.data(), std::streamsize(header.size()));
    out.write(reinterpret_cast<const char*>(g.phi.data()), std::streamsize(g.phi.size() * sizeof(float)));
    if (!out.flush()) {
      std::filesystem::remove(temporary, ec);
      return;
    }
  }
  std::filesystem::rename(temporary, path, ec);
  if (ec) std::filesystem::remove(temporary, ec);
}

std::string cache_file(uint64_t mesh, int resolution, int padding_cells, const std::string& cache_dir) {
  char name[80];
  std::snprintf(name, sizeof name, "sdf-%016llx-%d-p%d.bin", static_cast<unsigned long long>(mesh),
                resolution, padding_cells);
  return (std::filesystem::path(cache_dir) / name).string();
}

}  // namespace

std::string sdf_cache_file(const TriangleMesh& mesh, int resolution, const std::string& cache_dir,
                           int padding_cells) {
  return cache_file(mesh_hash(mesh), resolution, padding_cells, cache_dir);
}

SdfGrid load_or_build_sdf(const TriangleMesh& mesh, int resolution, const std::string& cache_dir,
                          int padding_cells) {
  if (cache_dir.empty()) return build_sdf(mesh, resolution, padding_cells);
  SdfGrid grid = sdf_layout(mesh, resolution, padding_cells);
  const uint64_t hash = mesh_hash(mesh);
  const Header want = layout_header(grid, hash, resolution);
  const std::string path = cache_file(hash, resolution, padding_cells, cache_dir);
  if (read_cached(path, grid, want) && !sdf_payload_problem(mesh, grid)) return grid;
  fill_sdf(mesh, grid);
  write_cached(path, grid, want);
  return grid;
}

}  // namespace SIM_PRECISION
}  // namespace sim
