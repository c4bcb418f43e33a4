#include "render/caption.h"

#include <stb_easy_font.h>

#include <algorithm>
#include <cctype>

namespace render {
namespace {

struct EasyFontVertex {  // the layout stb_easy_font_print writes
  float x, y, z;
  unsigned char rgba[4];
};

void append_quad(std::vector<glm::vec2>& out, glm::vec2 a, glm::vec2 b, glm::vec2 c, glm::vec2 d) {
  out.insert(out.end(), {a, b, c, a, c, d});
}

// stb_easy_font has ASCII only: µ (UTF-8 C2 B5, quantity_format.h's micro) is drawn as a u with a descender
// on its left stem (Caption::draw), as wide as a u.
std::string ascii(std::string text) {
  for (size_t at = text.find("\xC2\xB5"); at != std::string::npos; at = text.find("\xC2\xB5", at)) text.replace(at, 2, "u");
  return text;
}

float text_width(const std::string& text) { return float(stb_easy_font_width(ascii(text).data())); }

}  // namespace

Caption::Caption()
    : program_(std::make_unique<ShaderProgram>("text.vert", "text.frag")),
      ramp_(std::make_unique<ShaderProgram>("text.vert", "legend.frag")) {
  glCreateBuffers(1, &buffer_);
  glCreateVertexArrays(1, &vao_);
  vertex_attribute(vao_, 0, buffer_, 2, sizeof(glm::vec2));
}

Caption::~Caption() {
  glDeleteVertexArrays(1, &vao_);
  glDeleteBuffers(1, &buffer_);
}

void Caption::fill(const std::vector<glm::vec2>& triangles, glm::vec4 colour, glm::vec2 viewport_px) {
  buffer_data(buffer_, triangles, GL_STREAM_DRAW);
  program_->use();
  program_->set("u_viewport_size", viewport_px);
  program_->set("u_colour", colour);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(triangles.size()));
}

std::vector<std::string> Caption::wrapped(const std::vector<std::string>& lines, float width_px, float scale) {
  const float room = width_px / scale - 10.0f;  // the box's margins, in stb_easy_font units
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    std::string current;
    for (size_t at = 0; at < line.size();) {
      size_t end = std::min(line.find(' ', line.find_first_not_of(' ', at)), line.size());
      while (end + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[end - 1])) &&
             line[end + 1] != ' ')  // a number keeps its unit: "3.96 ms/frame"
        end = std::min(line.find(' ', end + 1), line.size());
      const std::string word = line.substr(at, end - at);  // with the spaces before it
      if (!current.empty() && text_width(current + word) > room) {
        out.push_back(current);
        current.clear();
      }
      current += current.empty() ? word.substr(std::min(word.find_first_not_of(' '), word.size())) : word;
      at = end;
    }
    out.push_back(current);
  }
  return out;
}

void Caption::draw(const std::vector<std::string>& lines, glm::vec2 top_left_px, glm::vec2 viewport_px,
                   float scale) {
  if (lines.empty()) return;
  std::vector<glm::vec2> glyphs;
  float width = 0.0f;
  std::vector<EasyFontVertex> quads(4096);
  for (size_t l = 0; l < lines.size(); ++l) {
    std::string text = ascii(lines[l]);  // non-const: stb_easy_font_print takes a char*
    const float y = float(l) * kLineHeight;
    for (size_t at = 0; (at = lines[l].find("\xC2\xB5", at)) != std::string::npos; at += 2) {
      // the µ's descender, on the left stem of the u that ascii() put in its place
      const float x = text_width(lines[l].substr(0, at));
      append_quad(glyphs, top_left_px + scale * glm::vec2(6.0f + x, 5.0f + y + 2.0f),
                  top_left_px + scale * glm::vec2(7.0f + x, 5.0f + y + 2.0f),
                  top_left_px + scale * glm::vec2(7.0f + x, 5.0f + y + 9.0f),
                  top_left_px + scale * glm::vec2(6.0f + x, 5.0f + y + 9.0f));
    }
    width = std::max(width, text_width(text));
    const int count = stb_easy_font_print(0.0f, y, text.data(), nullptr, quads.data(),
                                          int(quads.size() * sizeof(EasyFontVertex)));
    for (int q = 0; q < count; ++q) {
      glm::vec2 v[4];
      for (int k = 0; k < 4; ++k)
        v[k] = top_left_px +
               scale * glm::vec2(6.0f + quads[size_t(4 * q + k)].x, 5.0f + quads[size_t(4 * q + k)].y);
      append_quad(glyphs, v[0], v[1], v[2], v[3]);
    }
  }
  const glm::vec2 size(scale * (width + 10.0f), height(int(lines.size()), scale));
  std::vector<glm::vec2> box;
  append_quad(box, top_left_px, top_left_px + glm::vec2(size.x, 0.0f), top_left_px + size,
              top_left_px + glm::vec2(0.0f, size.y));

  glDisable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  fill(box, glm::vec4(0.05f, 0.06f, 0.08f, 0.62f), viewport_px);
  fill(glyphs, glm::vec4(1.0f), viewport_px);
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
}

void Caption::draw_legend(const std::string& range, int viewport_x, glm::vec2 viewport_px, float scale) {
  const float margin = 8.0f, text_height = height(1, scale), bar_height = scale * kBarHeight,
              bar_width = scale * 150.0f;
  const glm::vec2 text_at(margin, viewport_px.y - margin - text_height);
  draw({range}, text_at, viewport_px, scale);
  const glm::vec2 lo(margin, text_at.y - bar_height), hi(margin + bar_width, text_at.y);
  std::vector<glm::vec2> bar;
  append_quad(bar, lo, glm::vec2(hi.x, lo.y), hi, glm::vec2(lo.x, hi.y));
  buffer_data(buffer_, bar, GL_STREAM_DRAW);
  ramp_->use();
  ramp_->set("u_viewport_size", viewport_px);
  ramp_->set("u_ramp_x", glm::vec2(float(viewport_x) + lo.x, float(viewport_x) + hi.x));
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, GLsizei(bar.size()));
  glEnable(GL_DEPTH_TEST);
}

}  // namespace render
