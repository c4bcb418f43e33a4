// TetGen .node/.ele loading (mesh/tet_mesh.h): a valid pair, the other orientation convention, and a
// clear MeshError naming file and line for each kind of bad input.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "mesh/obj_loader.h"
#include "mesh/tet_mesh.h"
#include "test_util.h"

namespace sim {
namespace {

// The unit cube's corner 0 and its three neighbours, plus a fifth point above: two tets sharing a face.
const char* kNode =
    "# points\n"
    "5 3 0 0\n"
    "1 0 0 0\n"
    "2 1 0 0\n"
    "3 0 1 0\n"
    "4 0 0 1\n"
    "5 1 1 1  # the apex\n";
const char* kEle = "2 4 0\n1 1 2 3 4\n2 2 3 4 5\n";

std::string message(const std::string& node, const std::string& ele) {
  try {
    load_tetgen_text(node, ele, "body");
  } catch (const MeshError& e) {
    return e.what();
  }
  return "";
}

TEST(TetGenLoader, ReadsPointsAndTetsNumberedFromOne) {
  const TetMesh mesh = load_tetgen_text(kNode, kEle, "body");
  ASSERT_EQ(mesh.vertices.size(), 5u);
  ASSERT_EQ(mesh.tets.size(), 2u);
  EXPECT_EQ(mesh.tets[0].a, 0);
  EXPECT_DOUBLE_EQ(mesh.vertices[4].z, 1.0);
  EXPECT_NEAR(tet_volume(mesh, 0), 1.0 / 6.0, test::by_precision(1e-15, 1e-7));
  EXPECT_GT(tet_volume(mesh, 1), 0.0);
  EXPECT_TRUE(mesh.notes.empty());
}

TEST(TetGenLoader, FlipsAFileWhoseTetsAreAllNegative) {
  const TetMesh mesh = load_tetgen_text(kNode, "2 4 0\n1 1 3 2 4\n2 3 2 4 5\n", "body");
  EXPECT_GT(tet_volume(mesh, 0), 0.0);
  EXPECT_GT(tet_volume(mesh, 1), 0.0);
  ASSERT_EQ(mesh.notes.size(), 1u);
}

TEST(TetGenLoader, ReadsFilesFromDisk) {
  const std::string stem = ::testing::TempDir() + "/tetgen_body";
  std::ofstream(stem + ".node") << kNode;
  std::ofstream(stem + ".ele") << kEle;
  EXPECT_EQ(load_tetgen(stem + ".node").tets.size(), 2u);
  EXPECT_EQ(load_tetgen(stem).tets.size(), 2u);
  std::remove((stem + ".ele").c_str());
  EXPECT_NE(message("", ""), "");
  try {
    load_tetgen(stem);
    FAIL() << "a missing .ele file loaded";
  } catch (const MeshError& e) {
    EXPECT_NE(std::string(e.what()).find("tetgen_body.ele: does not exist"), std::string::npos) << e.what();
  }
}

TEST(TetGenLoader, NamesEachProblem) {
  const struct {
    std::string node, ele, expected;
  } cases[] = {
      {"", kEle, "body.node: no header line"},
      {"5 2 0 0\n", kEle, "body.node:1: dimension must be 3"},
      {"5 3 0 0\n1 0 0 0\n", kEle, "promises 5 points"},
      {"2 3 0 0\n1 0 0 0\n2 x 0 0\n", kEle, "body.node:3: point: 'x' is not a number"},
      {"2 3 0 0\n1 0 0 0\n2 1e999 0 0\n", kEle, "point: '1e999' is beyond the range of a double"},
      {"2 3 0 0\n1 0 0 0\n2 nan 0 0\n", kEle, "'nan' is not a finite number"},
      {"2 3 0 0\n1 0 0 0\n3 1 0 0\n", kEle, "numbered consecutively"},
      {"2 3 0 0\n7 0 0 0\n8 1 0 0\n", kEle, "numbered consecutively from 0 or 1"},
      {"-1 3 0 0\n", kEle, "point count"},
      {kNode, "", "body.ele: no header line"},
      {kNode, "1 4 0\n1 1 2 3 9\n", "body.ele:2: corner 9"},
      {kNode, "1 4 0\n1 1 2 3 0\n", "corner 0 is not a point"},
      {kNode, "1 4 0\n1 1 2 3 3\n", "names corner 3 twice"},
      {kNode, "1 4 0\n1 1 2 3 1.5\n", "corner 1.5"},
      {kNode, "2 4 0\n1 1 2 3 4\n", "promises 2 tetrahedra"},
      {kNode, "1 3 0\n1 1 2 3\n", "nodes per tetrahedron"},
      {kNode, "1 4 0\n1 1 2 3\n", "expected at least 5 numbers"},
      {"4 3 0 0\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 1 1 0\n", "1 4 0\n1 1 2 3 4\n", "tetrahedron 1 is degenerate"},
      {kNode, "2 4 0\n1 1 2 3 4\n2 3 2 4 5\n", "body.ele:3: tetrahedron 2 is inverted"},
      {std::string("1 3 0 0\n1 0 0 \0 0\n", 18), kEle, "binary data"},
      {kNode, "1 4 0\n1 1 2 3 1e300\n", "corner 1e+300"},
  };
  for (const auto& c : cases) {
    const std::string m = message(c.node, c.ele);
    EXPECT_NE(m.find(c.expected), std::string::npos) << "expected '" << c.expected << "' in '" << m << "'";
  }
}

// Issue 41 item 6: control characters of a file reach the message escaped, never raw.
TEST(TetGenLoader, EscapesControlCharacters) {
  const std::string m = message("2 3 0 0\n1 0 0 0\n2 \x1b[2J 0 0\n", kEle);
  EXPECT_NE(m.find("body.node:3: point: '\\x1b[2J' is not a number"), std::string::npos) << m;
  EXPECT_EQ(m.find('\x1b'), std::string::npos) << m;
}

}  // namespace
}  // namespace sim
