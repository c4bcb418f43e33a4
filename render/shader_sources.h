// The GLSL sources of shaders/, embedded at configure time (render/CMakeLists.txt).
#pragma once

#include <string>

namespace render {

// nullptr when there is no such file.
const std::string* shader_source(const std::string& file);

}  // namespace render
