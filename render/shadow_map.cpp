#include "render/shadow_map.h"

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>

namespace render {

ShadowMap::ShadowMap(int size_px) : size_(size_px) {
  texture_ = make_texture(GL_DEPTH_COMPONENT24, size_, size_, GL_LINEAR);
  glTextureParameteri(texture_, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTextureParameteri(texture_, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  glCreateFramebuffers(1, &framebuffer_);
  glNamedFramebufferTexture(framebuffer_, GL_DEPTH_ATTACHMENT, texture_, 0);
  glNamedFramebufferDrawBuffer(framebuffer_, GL_NONE);
}

ShadowMap::~ShadowMap() {
  glDeleteFramebuffers(1, &framebuffer_);
  glDeleteTextures(1, &texture_);
}

void ShadowMap::begin(glm::vec3 light_dir, glm::vec3 lo, glm::vec3 hi) {
  const glm::vec3 centre = 0.5f * (lo + hi);
  const float radius = std::max(0.5f * glm::length(hi - lo), 0.05f);
  const glm::vec3 up = std::abs(light_dir.y) > 0.99f ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(0.0f, 1.0f, 0.0f);
  view_ = glm::lookAt(centre + 2.0f * radius * light_dir, centre, up);
  proj_ = glm::ortho(-radius, radius, -radius, radius, 0.0f, 4.0f * radius);
  view_proj_ = proj_ * view_;
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, size_, size_);
  glClear(GL_DEPTH_BUFFER_BIT);
}

}  // namespace render
