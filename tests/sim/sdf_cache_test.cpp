// load_or_build_sdf: a second call reads the file the first one wrote; truncated, corrupted or foreign
// files are rebuilt and replaced, and so are files whose checksum is right but whose values are not this
// mesh's field (NaN, beyond the grid, shifted, inside out: sdf_payload_problem); a folder that cannot be
// written still gives the grid.
#include "mesh/sdf_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>

#include "core/fnv1a.h"
#include "mesh/obj_loader.h"
#include "mesh/sdf_check.h"
#include "mesh_fixtures.h"
#include "need_asset.h"

namespace sim {
namespace {

namespace fs = std::filesystem;

void expect_same_grid(const SdfGrid& a, const SdfGrid& b) {
  EXPECT_EQ(a.nx, b.nx);
  EXPECT_EQ(a.ny, b.ny);
  EXPECT_EQ(a.nz, b.nz);
  EXPECT_EQ(a.cell, b.cell);
  EXPECT_EQ(a.origin.x, b.origin.x);
  EXPECT_EQ(a.origin.z, b.origin.z);
  EXPECT_EQ(a.phi, b.phi);
}

// Sets the file's time an hour back and returns it: a rebuild would write the file again.
fs::file_time_type back_date(const fs::path& file) {
  const fs::file_time_type old = fs::last_write_time(file) - std::chrono::hours(1);
  fs::last_write_time(file, old);
  return old;
}

TEST(SdfCache, FileIsNamedByMeshHashResolutionAndPadding) {
  const std::string file = sdf_cache_file(test::unit_cube(), 16, "/tmp/cache");
  EXPECT_TRUE(std::regex_match(file, std::regex("/tmp/cache/sdf-[0-9a-f]{16}-16-p4\\.bin"))) << file;
  EXPECT_NE(file, sdf_cache_file(test::icosphere(1, 1.0), 16, "/tmp/cache"));
  EXPECT_NE(file, sdf_cache_file(test::unit_cube(), 16, "/tmp/cache", 8));
}

// A padded field is a different grid; both stay cached side by side.
TEST(SdfCache, PaddedFieldIsCachedApart) {
  const fs::path dir = test::test_folder() / "padded";
  fs::remove_all(dir);
  const TriangleMesh mesh = test::unit_cube();
  const SdfGrid narrow = load_or_build_sdf(mesh, 8, dir.string());
  const SdfGrid wide = load_or_build_sdf(mesh, 8, dir.string(), 8);
  EXPECT_EQ(wide.nx, narrow.nx + 8);
  expect_same_grid(load_or_build_sdf(mesh, 8, dir.string(), 8), build_sdf(mesh, 8, 8));
  expect_same_grid(load_or_build_sdf(mesh, 8, dir.string()), narrow);
}

TEST(SdfCache, SecondCallReadsTheFile) {
  const fs::path dir = test::test_folder() / "cache";  // created by the first call
  const TriangleMesh mesh = test::icosphere(2, 0.5);
  const SdfGrid first = load_or_build_sdf(mesh, 16, dir.string());
  expect_same_grid(first, build_sdf(mesh, 16));
  const fs::path file = sdf_cache_file(mesh, 16, dir.string());
  ASSERT_TRUE(fs::is_regular_file(file));

  const fs::file_time_type old = back_date(file);
  expect_same_grid(load_or_build_sdf(mesh, 16, dir.string()), first);
  EXPECT_EQ(fs::last_write_time(file), old);
}

void flip_byte(const fs::path& file, std::streamoff at) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(at);
  const char c = char(f.get());
  f.seekp(at);
  f.put(char(c ^ 0x5a));
}

TEST(SdfCache, DamagedOrForeignFilesAreRebuilt) {
  const fs::path dir = test::test_folder();
  const TriangleMesh mesh = test::icosphere(2, 0.5);
  const SdfGrid expected = build_sdf(mesh, 16);
  const fs::path file = sdf_cache_file(mesh, 16, dir.string());
  const std::vector<std::pair<const char*, std::function<void()>>> damage = {
      {"truncated", [&] { fs::resize_file(file, fs::file_size(file) - 4); }},
      {"one byte longer", [&] { std::ofstream(file, std::ios::app | std::ios::binary) << 'x'; }},
      {"empty", [&] { fs::resize_file(file, 0); }},
      {"a φ byte flipped", [&] { flip_byte(file, std::streamoff(fs::file_size(file) - 3)); }},
      {"the magic changed", [&] { flip_byte(file, 0); }},
      {"the cell changed", [&] { flip_byte(file, 8 + 4 + 16 + 8 + 24 + 2); }},
      {"foreign text", [&] { test::write_file(file, std::string(fs::file_size(file), 'v')); }},
  };
  for (const auto& [what, spoil] : damage) {
    SCOPED_TRACE(what);
    load_or_build_sdf(mesh, 16, dir.string());
    spoil();
    expect_same_grid(load_or_build_sdf(mesh, 16, dir.string()), expected);
    // The rebuild replaced the file with a good one, which the next call reads.
    const fs::file_time_type old = back_date(file);
    load_or_build_sdf(mesh, 16, dir.string());
    EXPECT_EQ(fs::last_write_time(file), old);
  }
}

// Applies `change` to the φ values of the file and writes them back with their checksum recomputed, as a
// deliberate edit (not a damaged byte) would.
void rewrite_phi(const fs::path& file, const std::function<void(std::vector<float>&)>& change) {
  constexpr size_t kHeaderBytes = 76, kHashAt = kHeaderBytes - 8;
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  std::vector<float> phi((fs::file_size(file) - kHeaderBytes) / sizeof(float));
  f.seekg(std::streamoff(kHeaderBytes));
  f.read(reinterpret_cast<char*>(phi.data()), std::streamsize(phi.size() * sizeof(float)));
  change(phi);
  const uint64_t hash = fnv1a(kFnv1aBasis, phi.data(), phi.size() * sizeof(float));
  f.seekp(std::streamoff(kHashAt));
  f.write(reinterpret_cast<const char*>(&hash), sizeof hash);
  f.write(reinterpret_cast<const char*>(phi.data()), std::streamsize(phi.size() * sizeof(float)));
}

TEST(SdfCache, WrongValuesWithAGoodChecksumAreRebuilt) {
  const fs::path dir = test::test_folder();
  const TriangleMesh mesh = test::icosphere(2, 0.5);
  const SdfGrid expected = build_sdf(mesh, 16);
  const fs::path file = sdf_cache_file(mesh, 16, dir.string());
  const std::vector<std::pair<const char*, std::function<void(std::vector<float>&)>>> edits = {
      {"all NaN", [](std::vector<float>& phi) { std::fill(phi.begin(), phi.end(), std::nanf("")); }},
      {"one infinity", [](std::vector<float>& phi) { phi[phi.size() / 3] = INFINITY; }},
      {"one value beyond the grid", [](std::vector<float>& phi) { phi[7] = 1e30f; }},
      {"all zero", [](std::vector<float>& phi) { std::fill(phi.begin(), phi.end(), 0.0f); }},
      {"inside out",
       [](std::vector<float>& phi) {
         for (float& v : phi) v = -v;
       }},
      {"shifted by a tenth of a cell",
       [](std::vector<float>& phi) {
         for (float& v : phi) v += 0.1f / 16.0f;
       }},
  };
  for (const auto& [what, edit] : edits) {
    SCOPED_TRACE(what);
    load_or_build_sdf(mesh, 16, dir.string());
    rewrite_phi(file, edit);
    expect_same_grid(load_or_build_sdf(mesh, 16, dir.string()), expected);
    const fs::file_time_type old = back_date(file);  // the rebuild rewrote the file: read as is next time
    load_or_build_sdf(mesh, 16, dir.string());
    EXPECT_EQ(fs::last_write_time(file), old);
  }
}

TEST(SdfCheck, NamesTheFirstProblem) {
  const TriangleMesh mesh = test::icosphere(2, 0.5);
  SdfGrid g = build_sdf(mesh, 16);
  EXPECT_EQ(sdf_payload_problem(mesh, g), std::nullopt);
  g.phi[5] = std::nanf("");
  EXPECT_EQ(sdf_payload_problem(mesh, g).value_or(""), "node 5 (φ = nan) is not finite");
  g.phi[5] = -3.0f;  // the grid is 1.5 m across: no node is 3 m from the sphere
  EXPECT_EQ(sdf_payload_problem(mesh, g).value_or(""), "node 5 (φ = -3) is farther than the grid's diagonal");
  g = build_sdf(test::icosphere(2, 0.49), 16);  // another sphere's field on the same grid
  g.origin = build_sdf(mesh, 16).origin;
  g.cell = build_sdf(mesh, 16).cell;
  EXPECT_NE(sdf_payload_problem(mesh, g).value_or("").find("differs from the exact signed distance"),
            std::string::npos);
  g.phi.pop_back();
  EXPECT_NE(sdf_payload_problem(mesh, g).value_or("").find("values for"), std::string::npos);
}

// The spot check reproduces build_sdf on the real, open bunny too, so its cache file is never rebuilt
// for nothing.
TEST(SdfCheck, AcceptsTheStanfordBunnysField) {
  const std::optional<std::string> path = test::bunny_path();
  SMALLSTEPS_NEED_ASSET(path, "stanford-bunny.obj");
  const TriangleMesh bunny = load_obj(*path);
  EXPECT_EQ(sdf_payload_problem(bunny, build_sdf(bunny, 32)), std::nullopt);
}

TEST(SdfCache, UnwritableFolderStillGivesTheGrid) {
  const fs::path blocker = test::test_folder() / "a-file";
  test::write_file(blocker, "not a folder");
  const TriangleMesh mesh = test::unit_cube();
  expect_same_grid(load_or_build_sdf(mesh, 8, (blocker / "cache").string()), build_sdf(mesh, 8));
}

TEST(SdfCache, EmptyFolderNameBuildsWithoutTheCache) {
  expect_same_grid(load_or_build_sdf(test::unit_cube(), 8, ""), build_sdf(test::unit_cube(), 8));
}

}  // namespace
}  // namespace sim
