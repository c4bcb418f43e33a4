// RenderTarget: an offscreen colour + depth framebuffer that the scene is drawn into, read back for
// screenshots and recording, and copied to the window under the UI.
#pragma once

#include <cstdint>
#include <vector>

#include "render/gl.h"

namespace render {

class RenderTarget {
 public:
  RenderTarget() = default;
  ~RenderTarget();
  RenderTarget(const RenderTarget&) = delete;
  RenderTarget& operator=(const RenderTarget&) = delete;

  void resize(int width_px, int height_px);  // no-op when unchanged
  void bind() const;                          // as the draw target, viewport = whole target
  // Rows top to bottom, 3 bytes per pixel.
  void read_rgb(std::vector<std::uint8_t>& pixels) const;
  void blit_to_window(int window_w_px, int window_h_px) const;
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  void release();
  int width_ = 0, height_ = 0;
  GLuint framebuffer_ = 0, colour_ = 0, depth_ = 0;
  mutable std::vector<std::uint8_t> bottom_up_;  // glReadPixels' row order, kept to avoid a per-frame allocation
};

}  // namespace render
