// A pass over an OBJ's text ahead of tinyobjloader (2.0.0rc10, Debian), which accepts silently, reads
// wrongly or handles with undefined behaviour what this pass refuses or removes: binary data; a coordinate
// it cannot parse ("nan", "inf", "1.5e", "x", a missing one), which becomes 0; a face index past the int
// range, which wraps through atoi ("f 1 2 4294967299" reads as "f 1 2 3"); a negative index reaching
// before the first vertex; a quad with an out-of-range index, dropped with a warning. The project uses
// only vertex positions and faces, so every other line kind (normals, texture coordinates, "vw", "vp",
// lines, points, groups, materials, tags, curves and surfaces) and the texture and normal indices of face
// corners are left out of the text tinyobjloader is given: none of it can reach its int conversions. Lines
// are split and classified the way tinyobjloader does it, so vertex numbers and relative (negative) indices
// resolve identically, and the text given keeps every line in place, so line numbers still agree.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sim {
inline namespace SIM_PRECISION {

struct CheckedObjText {
  std::optional<std::string> problem;  // the first problem found, as "line N: ..." or a whole-file reason
  std::string geometry;  // when no problem: one line per input line, "v x y z", "f i j k ..." or empty
};

// Every "v" line must start with three finite decimal coordinates within single precision, and every
// face corner must be "v", "v/t", "v//n" or "v/t/n" with integer indices, v naming an existing vertex;
// a face needs three corners. In `geometry` the faces carry absolute vertex numbers (1-based).
CheckedObjText check_obj_text(std::string_view text);

}  // namespace SIM_PRECISION
}  // namespace sim
