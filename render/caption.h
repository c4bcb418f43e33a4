// Captions burned into frames and videos: lines of text on a translucent box, drawn with the quads
// that stb_easy_font generates, in pixel coordinates of the current viewport (origin top-left); and the
// colour legend, the ramp as a bar above a line naming its range (issue 40 item 2).
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
  // `lines` as drawn `width_px` wide at `scale`: each broken at its spaces where it would run past the box's
  // right edge, never between a number and the word after it (a word longer than the width keeps its own
  // line).
  static std::vector<std::string> wrapped(const std::vector<std::string>& lines, float width_px, float scale);
  // Their heights at `scale` [px]: the box of `lines` lines, the legend's bar and line.
  static float height(int lines, float scale) { return scale * (float(lines) * kLineHeight + 6.0f); }
  static float legend_height(float scale) { return height(1, scale) + scale * kBarHeight; }
  // The legend at the viewport's bottom-left corner: the colour ramp (shaders/legend.frag) over `range`;
  // viewport_x is the viewport's left edge in window coordinates [px].
  void draw_legend(const std::string& range, int viewport_x, glm::vec2 viewport_px, float scale);

 private:
  static constexpr float kLineHeight = 12.0f;  // stb_easy_font units
  static constexpr float kBarHeight = 7.0f;    // the legend's colour bar
  void fill(const std::vector<glm::vec2>& triangles, glm::vec4 colour, glm::vec2 viewport_px);
  std::unique_ptr<ShaderProgram> program_, ramp_;
  GLuint vao_ = 0, buffer_ = 0;
};

}  // namespace render
