#include "render/shader_program.h"

#include <glm/gtc/type_ptr.hpp>
#include <stdexcept>
#include <vector>

#include "render/shader_sources.h"

namespace render {
namespace {

const std::string& source_of(const std::string& file) {
  const std::string* text = shader_source(file);
  if (!text) throw std::runtime_error("shader '" + file + "' is not embedded (see render/CMakeLists.txt)");
  return *text;
}

std::string info_log(GLuint object, bool is_program) {
  GLint length = 0;
  is_program ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length) : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(size_t(length) + 1, '\0');
  is_program ? glGetProgramInfoLog(object, length, nullptr, log.data())
             : glGetShaderInfoLog(object, length, nullptr, log.data());
  return log.data();
}

GLuint compile(GLenum stage, const std::string& file) {
  const std::string text = "#version 450 core\n#line 1 1\n" + source_of("common.glsl") + "\n#line 1 2\n" + source_of(file);
  const char* ptr = text.c_str();
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &ptr, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    const std::string log = info_log(shader, false);
    glDeleteShader(shader);
    throw std::runtime_error("shader '" + file + "' failed to compile (source 1 = common.glsl, 2 = " + file +
                             "):\n" + log);
  }
  return shader;
}

}  // namespace

ShaderProgram::ShaderProgram(const std::string& vertex_file, const std::string& fragment_file) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_file);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_file);
  id_ = glCreateProgram();
  glAttachShader(id_, vs);
  glAttachShader(id_, fs);
  glLinkProgram(id_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    const std::string log = info_log(id_, true);
    glDeleteProgram(id_);
    throw std::runtime_error("shaders '" + vertex_file + "' + '" + fragment_file + "' failed to link:\n" + log);
  }
}

ShaderProgram::~ShaderProgram() { glDeleteProgram(id_); }

void ShaderProgram::set(const char* name, const glm::mat4& m) const {
  glProgramUniformMatrix4fv(id_, location(name), 1, GL_FALSE, glm::value_ptr(m));
}
void ShaderProgram::set(const char* name, const glm::vec4& v) const {
  glProgramUniform4fv(id_, location(name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, const glm::vec3& v) const {
  glProgramUniform3fv(id_, location(name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, const glm::vec2& v) const {
  glProgramUniform2fv(id_, location(name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, const glm::ivec2& v) const {
  glProgramUniform2iv(id_, location(name), 1, glm::value_ptr(v));
}
void ShaderProgram::set(const char* name, float f) const { glProgramUniform1f(id_, location(name), f); }
void ShaderProgram::set(const char* name, int i) const { glProgramUniform1i(id_, location(name), i); }

}  // namespace render
