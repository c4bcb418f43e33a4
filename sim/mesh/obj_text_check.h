// A pass over an OBJ's text for what tinyobjloader (2.0.0rc10, Debian) accepts silently but reads wrongly:
// a coordinate it cannot parse ("nan", "inf", "1.5e", "x", a missing one) becomes 0; a face index past
// the int range wraps through atoi ("f 1 2 4294967299" reads as "f 1 2 3"); a negative index reaching
// before the first vertex stays negative; a quad with an out-of-range index is dropped with a warning.
// Lines are split and classified the way tinyobjloader does it, so vertex numbers and relative (negative)
// indices resolve identically.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sim {

// The first problem found, as "line N: ...", or nothing when every "v" line starts with three finite
// decimal coordinates and every face vertex index names an existing vertex.
std::optional<std::string> obj_text_problem(std::string_view text);

}  // namespace sim
