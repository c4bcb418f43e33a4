// Captions burned into frames and videos: lines of text on a translucent box, drawn with the quads
// that stb_easy_font generates, in pixel coordinates of the current viewport (origin top-left).
#pragma once

#include <glm/glm.hpp>
#include <memory>
#include <string>
#include <vector>

#include "render/gl.h"
#include "render/shader_program.h"

namespace render {

class Caption {
 public:
  Caption();
  ~Caption();
  Caption(const Caption&) = delete;
  Caption& operator=(const Caption&) = delete;

  void draw(const std::vector<std::string>& lines, glm::vec2 top_left_px, glm::vec2 viewport_px, float scale = 2.0f);

 private:
  void fill(const std::vector<glm::vec2>& triangles, glm::vec4 colour, glm::vec2 viewport_px);
  std::unique_ptr<ShaderProgram> program_;
  GLuint vao_ = 0, buffer_ = 0;
};

}  // namespace render
