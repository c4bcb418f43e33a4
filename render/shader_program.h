// A linked GLSL program built from files of shaders/ (each stage gets "#version 450 core" and
// common.glsl prepended). Compile and link errors throw std::runtime_error naming the file.
#pragma once

#include <glm/glm.hpp>
#include <string>

#include "render/gl.h"

namespace render {

class ShaderProgram {
 public:
  ShaderProgram(const std::string& vertex_file, const std::string& fragment_file);
  ~ShaderProgram();
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  void use() const { glUseProgram(id_); }
  void set(const char* name, const glm::mat4& m) const;
  void set(const char* name, const glm::vec4& v) const;
  void set(const char* name, const glm::vec3& v) const;
  void set(const char* name, const glm::vec2& v) const;
  void set(const char* name, const glm::ivec2& v) const;
  void set(const char* name, float f) const;
  void set(const char* name, int i) const;  // also bools and sampler units

 private:
  GLint location(const char* name) const { return glGetUniformLocation(id_, name); }
  GLuint id_ = 0;
};

}  // namespace render
