// FluidTargets: the offscreen textures of the screen-space fluid (render/fluid_surface.h; van der Laan,
// Green & Sainz 2009): two R32F view-depth textures that the splats and the filter's passes ping-pong
// between (the first with a depth buffer for the splats), a half-resolution RG16F thickness, and copies of
// the opaque scene's colour and depth. They grow to the largest viewport drawn and are shared by the panes;
// a pass uses their lower-left, viewport-sized part.
#pragma once

#include "render/gl.h"

namespace render {

class FluidTargets {
 public:
  FluidTargets() = default;
  ~FluidTargets();
  FluidTargets(const FluidTargets&) = delete;
  FluidTargets& operator=(const FluidTargets&) = delete;

  void fit(int width_px, int height_px);  // grows the textures to hold a viewport this size
  int width() const { return width_; }    // of the full-resolution textures [px]
  int height() const { return height_; }
  int thickness_width() const { return (width_ + 1) / 2; }
  int thickness_height() const { return (height_ + 1) / 2; }

  GLuint depth(int i) const { return textures_[kDepth0 + i]; }  // i = 0, 1
  GLuint depth_framebuffer(int i) const { return framebuffers_[i]; }
  GLuint thickness() const { return textures_[kThickness]; }
  GLuint thickness_framebuffer() const { return framebuffers_[2]; }
  GLuint scene_colour() const { return textures_[kSceneColour]; }
  GLuint scene_depth() const { return textures_[kSceneDepth]; }

 private:
  enum Texture { kDepth0, kDepth1, kThickness, kSceneColour, kSceneDepth, kTextureCount };
  void release();
  int width_ = 0, height_ = 0;
  GLuint textures_[kTextureCount] = {};
  GLuint framebuffers_[3] = {};
  GLuint splat_depth_ = 0;  // the depth buffer of the splats' pass
};

}  // namespace render
