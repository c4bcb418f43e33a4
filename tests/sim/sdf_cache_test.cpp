// load_or_build_sdf: a second call reads the file the first one wrote; truncated, corrupted or foreign
// files are rebuilt and replaced; a folder that cannot be written still gives the grid.
#include "mesh/sdf_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>

#include "mesh_fixtures.h"

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

TEST(SdfCache, FileIsNamedByMeshHashAndResolution) {
  const std::string file = sdf_cache_file(test::unit_cube(), 16, "/tmp/cache");
  EXPECT_TRUE(std::regex_match(file, std::regex("/tmp/cache/sdf-[0-9a-f]{16}-16\\.bin"))) << file;
  EXPECT_NE(file, sdf_cache_file(test::icosphere(1, 1.0), 16, "/tmp/cache"));
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
