// load_obj: what a well-formed file gives (triangulated polygons, shapes merged over shared vertices) and
// that every kind of bad file raises MeshError naming the file, including the inputs tinyobjloader itself
// accepts silently (unparsable coordinates, wrapping or out-of-range indices) and binary data; the line
// kinds the project ignores never reach tinyobjloader, whatever numbers they hold.
#include "mesh/obj_loader.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "mesh_fixtures.h"

namespace sim {
namespace {

// The MeshError message for `text` written to a file; fails the test when loading succeeds.
std::string load_error(const std::string& text) {
  const std::string path = test::write_file(test::test_folder() / "bad.obj", text);
  try {
    load_obj(path);
  } catch (const MeshError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no MeshError for:\n" << text;
  return "";
}

TriangleMesh load_text(const std::string& text) {
  return load_obj(test::write_file(test::test_folder() / "mesh.obj", text));
}

const std::string kTriangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(ObjLoader, LoadsATriangle) {
  const TriangleMesh m = load_text(kTriangle + "f 1 2 3\n");
  ASSERT_EQ(m.vertices.size(), 3u);
  ASSERT_EQ(m.triangles.size(), 1u);
  EXPECT_EQ(m.triangles[0].a, 0);
  EXPECT_EQ(m.triangles[0].b, 1);
  EXPECT_EQ(m.triangles[0].c, 2);
  EXPECT_EQ(m.vertices[1].x, 1.0);
}

TEST(ObjLoader, MissingFileNamesThePath) {
  const std::string path = (test::test_folder() / "does-not-exist.obj").string();
  try {
    load_obj(path);
    FAIL() << "loaded a missing file";
  } catch (const MeshError& e) {
    EXPECT_TRUE(contains(e.what(), path)) << e.what();
    EXPECT_TRUE(contains(e.what(), "does not exist")) << e.what();
  }
}

TEST(ObjLoader, DirectoryIsNotAFile) {
  const std::string dir = test::test_folder().string();
  EXPECT_THROW(load_obj(dir), MeshError);
}

TEST(ObjLoader, EmptyFileHasNoVertices) {
  EXPECT_TRUE(contains(load_error(""), "no vertices"));
  EXPECT_TRUE(contains(load_error("# only a comment\n\n"), "no vertices"));
}

TEST(ObjLoader, VerticesWithoutFacesAreRejected) {
  EXPECT_TRUE(contains(load_error(kTriangle), "no faces"));
  EXPECT_TRUE(contains(load_error(kTriangle + "p 1 2 3\nl 1 2 3\n"), "no faces"));
}

TEST(ObjLoader, NonFiniteCoordinateNamesTheVertex) {
  // tinyobjloader itself reads "nan" and "inf" as 0; the text check refuses them.
  EXPECT_TRUE(contains(load_error(kTriangle + "v nan 0 0\nf 1 2 3\n"), "vertex 4"));
  EXPECT_TRUE(contains(load_error("v inf 0 0\n" + kTriangle + "f 2 3 4\n"), "vertex 1"));
  EXPECT_TRUE(contains(load_error("v 0 0 0\nv 1 -inf 0\nv 0 1 0\nf 1 2 3\n"), "'-inf'"));
  EXPECT_TRUE(contains(load_error("v 0 0 0\nv 1 0 0\nv 0 1 1e400\nf 1 2 3\n"), "vertex 3"));
  // Finite as text, but beyond the single precision tinyobjloader stores.
  EXPECT_TRUE(contains(load_error("v 0 0 0\nv 1e39 0 0\nv 0 1 0\nf 1 2 3\n"), "vertex 2"));
  EXPECT_TRUE(contains(load_error("v 0 0 0\nv 1 -4e38 0\nv 0 1 0\nf 1 2 3\n"), "beyond single precision"));
}

TEST(ObjLoader, UnparsableOrMissingCoordinatesAreRejected) {
  EXPECT_TRUE(contains(load_error(kTriangle + "v 1 2\nf 1 2 3\n"), "fewer than 3"));
  EXPECT_TRUE(contains(load_error(kTriangle + "v 1 x 2\nf 1 2 3\n"), "'x'"));
  EXPECT_TRUE(contains(load_error(kTriangle + "v 0x10 0 0\nf 1 2 3\n"), "'0x10'"));
}

TEST(ObjLoader, HugeFaceIndexIsRejected) {
  EXPECT_TRUE(contains(load_error(kTriangle + "f 1 2 99999999999\n"), "99999999999"));
  // atoi would wrap this one to 3, a valid index, in tinyobjloader.
  EXPECT_TRUE(contains(load_error(kTriangle + "f 1 2 4294967299\n"), "4294967299"));
  EXPECT_TRUE(contains(load_error(kTriangle + "f 1 2 4\n"), "past the last vertex"));
}

TEST(ObjLoader, NegativeIndexBeforeTheFirstVertexIsRejected) {
  EXPECT_TRUE(contains(load_error(kTriangle + "f -5 -6 -7\n"), "before the first vertex"));
  EXPECT_TRUE(contains(load_error(kTriangle + "f 1 2 -99999999999\n"), "-99999999999"));
}

TEST(ObjLoader, FaceWithFewerThanThreeCornersIsRejected) {
  EXPECT_TRUE(contains(load_error(kTriangle + "f 1 2\n"), "line 4: a face needs 3 corners, this one has 2"));
  EXPECT_TRUE(contains(load_error(kTriangle + "f\n"), "has 0"));
}

TEST(ObjLoader, MalformedFaceCornerIsRejected) {
  for (const char* corner : {"1/x", "1/2/3/4", "1//", "1/", "1/2/", "x/1/1", "/1/1"}) {
    SCOPED_TRACE(corner);
    const std::string face = std::string("f ") + corner + " 2 3\n";
    EXPECT_TRUE(contains(load_error(kTriangle + face), "is not v, v/t, v//n or v/t/n"));
  }
}

// tinyobjloader converts these with atoi or to int (undefined behaviour past the int range) or to float;
// the project uses none of them, so they never reach it and the triangle loads.
TEST(ObjLoader, LineKindsTheProjectIgnoresNeverReachTheParser) {
  const std::string ignored =
      "vw 1 1e20 1\nvp 1e20 1e20 1e20\nvt 1e400 nan\nvn nan inf -inf\nl 1 99999999999 -99999999999\n"
      "p 99999999999\nt crease 99999999999/1e20/-99999999999 1 2\ns 99999999999\ng a\no b\nusemtl c\n"
      "mtllib /nonexistent/d.mtl\ncstype bspline\ndeg 99999999999\ncurv 0 1 99999999999 2\nparm u 1e400\n"
      "end\nsurf 0 1 0 1 1 2 3\n";
  const TriangleMesh m = load_text(kTriangle + ignored +
                                   "f 1/99999999999/1 2/99999999999/-99999999999 3//99999999999\n"
                                   "f 1/0/0 2/0/0 3/0/0\n");
  ASSERT_EQ(m.vertices.size(), 3u);
  ASSERT_EQ(m.triangles.size(), 2u);
  EXPECT_EQ(m.triangles[1].c, 2);
}

TEST(ObjLoader, ExtraVertexValuesAreIgnored) {
  // "v x y z w" and "v x y z r g b": only x, y and z are read, whatever follows.
  const TriangleMesh m = load_text("v 0 0 0 1e400\nv 1 0 0 nan nan nan\nv 0 1 0 99999999999\nf 1 2 3\n");
  ASSERT_EQ(m.vertices.size(), 3u);
  EXPECT_EQ(m.vertices[1].x, 1.0);
}

TEST(ObjLoader, RandomBytesAreNotAnObjFile) {
  std::mt19937 rng(11);
  std::string bytes(4096, '\0');
  for (char& c : bytes) c = char(rng() % 256);
  EXPECT_TRUE(contains(load_error(bytes), "not a text OBJ file"));
  EXPECT_TRUE(contains(load_error(kTriangle + std::string("f 1 2 3\0\n", 8)), "byte \\x00 at offset 31"));
  EXPECT_TRUE(contains(load_error(kTriangle + "f 1 2 3\x1b[0m\n"), "binary data"));
}

TEST(ObjLoader, Utf8MarkBeforeTheFirstLineIsSkipped) {
  const TriangleMesh m = load_text("\xEF\xBB\xBF" + kTriangle + "f 1 2 3\n");
  ASSERT_EQ(m.vertices.size(), 3u);
  EXPECT_EQ(m.triangles.size(), 1u);
}

TEST(ObjLoader, ZeroIndexIsRejected) { EXPECT_FALSE(load_error(kTriangle + "f 0 1 2\n").empty()); }

TEST(ObjLoader, BadIndexInAQuadIsRejected) {
  // tinyobjloader drops such a quad with only a warning; the mesh would silently lose it.
  EXPECT_TRUE(contains(load_error(kTriangle + "v 1 1 0\nf 1 2 4 3\nf 1 2 3 9\n"), "past the last vertex"));
}

TEST(ObjLoader, RelativeIndicesResolve) {
  const TriangleMesh m = load_text(kTriangle + "f -3 -2 -1\nv 1 1 0\nf -3 -1 -2\n");
  ASSERT_EQ(m.triangles.size(), 2u);
  EXPECT_EQ(m.triangles[0].a, 0);
  EXPECT_EQ(m.triangles[1].a, 1);
  EXPECT_EQ(m.triangles[1].b, 3);
}

// Σ area and the set of vertices used by triangles [first, first + count).
Real area_of(const TriangleMesh& m, size_t first, size_t count, std::set<int>& used, Vec3 normal) {
  Real area = 0.0;
  for (size_t t = first; t < first + count; ++t) {
    const Vec3 n = area_normal(triangle_corners(m, int(t)));
    EXPECT_GT(dot(n, normal), 0.0) << "triangle " << t << " flipped";
    area += 0.5 * length(n);
    used.insert({m.triangles[t].a, m.triangles[t].b, m.triangles[t].c});
  }
  return area;
}

TEST(ObjLoader, QuadAndPentagonAreTriangulatedOverTheirOwnVertices) {
  // A unit square (vertices 1–4) and a pentagon (5–9, a unit square with a roof of height 0.5).
  const TriangleMesh m = load_text(
      "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
      "v 0 0 1\nv 1 0 1\nv 1 1 1\nv 0.5 1.5 1\nv 0 1 1\n"
      "f 1 2 3 4\nf 5 6 7 8 9\n");
  ASSERT_EQ(m.vertices.size(), 9u);
  ASSERT_EQ(m.triangles.size(), 5u);
  std::set<int> quad, pentagon;
  EXPECT_NEAR(area_of(m, 0, 2, quad, {0, 0, 1}), 1.0, 1e-12);
  EXPECT_NEAR(area_of(m, 2, 3, pentagon, {0, 0, 1}), 1.25, 1e-6);
  EXPECT_EQ(quad, (std::set<int>{0, 1, 2, 3}));
  EXPECT_EQ(pentagon, (std::set<int>{4, 5, 6, 7, 8}));
}

TEST(ObjLoader, ShapesMergeOverSharedVertices) {
  const TriangleMesh m = load_text("o first\n" + kTriangle + "v 1 1 0\nf 1 2 3\no second\ng part\nf 2 4 3\n");
  ASSERT_EQ(m.vertices.size(), 4u);
  ASSERT_EQ(m.triangles.size(), 2u);
  EXPECT_EQ(m.triangles[1].a, 1);
  EXPECT_EQ(m.triangles[1].b, 3);
  EXPECT_EQ(m.triangles[1].c, 2);
}

TEST(ObjLoader, NormalsTexcoordsMaterialsAndCrlfAreIgnored) {
  const TriangleMesh m = load_text(
      "mtllib /nonexistent/materials.mtl\r\nv 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nvt 0 0\r\nvn 0 0 1\r\n"
      "usemtl red\r\nf 1/1/1 2/1/1 3/1/1\r\nf 1//1 2//1 3//1\r\n");
  EXPECT_EQ(m.vertices.size(), 3u);
  EXPECT_EQ(m.triangles.size(), 2u);
}

TEST(ObjLoader, OnlyZeroAreaTrianglesAreRejected) {
  EXPECT_TRUE(contains(load_error("v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\nf 1 1 2\n"), "zero area"));
}

TEST(ObjLoader, GarbageNeverCrashes) {
  const std::string path = (test::test_folder() / "garbage.obj").string();
  auto try_load = [&](const std::string& text) {
    test::write_file(path, text);
    try {
      load_obj(path);
    } catch (const MeshError& e) {
      EXPECT_TRUE(contains(e.what(), path)) << e.what();
    }
  };
  try_load("hello world\n garbage ###\nf f f\nvv 1 2 3\n");
  const char binary[] = "v 1 2 3\0\xff\xfe binary\nf 1 1 1\n";
  try_load(std::string(binary, sizeof binary - 1));
  try_load("f 1 2 3\nv 0 0 0\n");
  try_load("v\nf\nvn\nl\np\nusemtl\no\ng\ns off\n");
  // Random OBJ-looking lines and random bytes.
  std::mt19937 rng(7);
  const char* words[] = {"v",  "f",          "vt", "vn", "l",  "p",  "o",     "g",   "s",   "#",
                         "-1", "0",          "1",  "2",  "3",  "7",  "1/2/3", "//",  "1e9", "nan",
                         "-",  "2147483648", "\t", "\r", "\n", "\n", "\n",    "0.5", "x"};
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int n = int(rng() % 60);
    for (int w = 0; w < n; ++w) {
      if (round % 3 == 2) {
        text += char(rng() % 256);
      } else {
        text += words[rng() % (sizeof words / sizeof *words)];
        text += ' ';
      }
    }
    try_load(text);
  }
}

}  // namespace
}  // namespace sim
