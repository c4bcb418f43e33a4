#include "render/fluid_targets.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace render {
namespace {

GLuint colour_framebuffer(GLuint texture) {
  GLuint f = 0;
  glCreateFramebuffers(1, &f);
  glNamedFramebufferTexture(f, GL_COLOR_ATTACHMENT0, texture, 0);
  return f;
}

}  // namespace

FluidTargets::~FluidTargets() { release(); }

void FluidTargets::release() {
  glDeleteFramebuffers(3, framebuffers_);
  glDeleteTextures(kTextureCount, textures_);
  glDeleteRenderbuffers(1, &splat_depth_);
  for (GLuint& f : framebuffers_) f = 0;
  for (GLuint& t : textures_) t = 0;
  splat_depth_ = 0;
}

void FluidTargets::fit(int width_px, int height_px) {
  if (width_px <= width_ && height_px <= height_) return;
  release();
  width_ = std::max(width_px, width_);
  height_ = std::max(height_px, height_);
  for (int i = 0; i < 2; ++i) {
    textures_[kDepth0 + i] = make_texture(GL_R32F, width_, height_, GL_NEAREST);
    framebuffers_[i] = colour_framebuffer(textures_[kDepth0 + i]);
  }
  glCreateRenderbuffers(1, &splat_depth_);
  glNamedRenderbufferStorage(splat_depth_, GL_DEPTH_COMPONENT24, width_, height_);
  glNamedFramebufferRenderbuffer(framebuffers_[0], GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, splat_depth_);
  textures_[kThickness] = make_texture(GL_RG16F, thickness_width(), thickness_height(), GL_LINEAR);
  framebuffers_[2] = colour_framebuffer(textures_[kThickness]);
  textures_[kSceneColour] = make_texture(GL_RGBA8, width_, height_, GL_LINEAR);
  textures_[kSceneDepth] = make_texture(GL_DEPTH_COMPONENT24, width_, height_, GL_NEAREST);
  for (GLuint f : framebuffers_)
    if (glCheckNamedFramebufferStatus(f, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      throw std::runtime_error("the fluid's framebuffers of " + std::to_string(width_) + "x" +
                               std::to_string(height_) + " px are incomplete");
}

}  // namespace render
