#include "render/render_target.h"

#include <cstring>
#include <stdexcept>

namespace render {

RenderTarget::~RenderTarget() { release(); }

void RenderTarget::release() {
  glDeleteFramebuffers(1, &framebuffer_);
  glDeleteRenderbuffers(1, &colour_);
  glDeleteRenderbuffers(1, &depth_);
  framebuffer_ = colour_ = depth_ = 0;
}

void RenderTarget::resize(int width_px, int height_px) {
  if (width_px == width_ && height_px == height_ && framebuffer_) return;
  release();
  width_ = width_px;
  height_ = height_px;
  glCreateRenderbuffers(1, &colour_);
  glNamedRenderbufferStorage(colour_, GL_RGBA8, width_, height_);
  glCreateRenderbuffers(1, &depth_);
  glNamedRenderbufferStorage(depth_, GL_DEPTH_COMPONENT24, width_, height_);
  glCreateFramebuffers(1, &framebuffer_);
  glNamedFramebufferRenderbuffer(framebuffer_, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  glNamedFramebufferRenderbuffer(framebuffer_, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_);
  if (glCheckNamedFramebufferStatus(framebuffer_, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error("offscreen framebuffer of " + std::to_string(width_) + "x" + std::to_string(height_) +
                             " px is incomplete");
}

void RenderTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, width_, height_);
}

void RenderTarget::read_rgb(std::vector<std::uint8_t>& pixels) const {
  const size_t row = size_t(width_) * 3;
  pixels.resize(row * size_t(height_));
  std::vector<std::uint8_t>& flipped = bottom_up_;
  flipped.resize(pixels.size());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGB, GL_UNSIGNED_BYTE, flipped.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  for (int y = 0; y < height_; ++y)
    std::memcpy(&pixels[size_t(y) * row], &flipped[size_t(height_ - 1 - y) * row], row);
}

void RenderTarget::blit_to_window(int window_w_px, int window_h_px) const {
  glBlitNamedFramebuffer(framebuffer_, 0, 0, 0, width_, height_, 0, 0, window_w_px, window_h_px, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
}

}  // namespace render
