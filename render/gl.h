// The OpenGL 4.5 core entry points, from the glad loader generated at build time, and the helpers every
// buffer, vertex array and texture owner shares.
#pragma once

#include <glad/gl.h>

#include <algorithm>
#include <vector>

namespace render {

// Replaces the buffer's contents with `data` (at least one element's worth of storage, so an empty list
// still leaves a valid buffer to bind).
template <class T>
void buffer_data(GLuint buffer, const std::vector<T>& data, GLenum usage) {
  glNamedBufferData(buffer, GLsizeiptr(std::max<size_t>(data.size(), 1) * sizeof(T)),
                    data.empty() ? nullptr : data.data(), usage);
}

// Feeds float attribute `index` of `vao` with `size` components per vertex (or per instance when `divisor`
// is 1) from `buffer`, tightly packed at `stride` bytes, through binding point `index`.
inline void vertex_attribute(GLuint vao, GLuint index, GLuint buffer, GLint size, GLsizei stride,
                             GLuint divisor = 0) {
  glEnableVertexArrayAttrib(vao, index);
  glVertexArrayVertexBuffer(vao, index, buffer, 0, stride);
  glVertexArrayAttribFormat(vao, index, size, GL_FLOAT, GL_FALSE, 0);
  glVertexArrayAttribBinding(vao, index, index);
  glVertexArrayBindingDivisor(vao, index, divisor);
}

// A 2D texture of one level, sampled with `filter` and clamped at its edges.
inline GLuint make_texture(GLenum format, int width, int height, GLenum filter) {
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t);
  glTextureStorage2D(t, 1, format, width, height);
  glTextureParameteri(t, GL_TEXTURE_MIN_FILTER, GLint(filter));
  glTextureParameteri(t, GL_TEXTURE_MAG_FILTER, GLint(filter));
  glTextureParameteri(t, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(t, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return t;
}

// A vertex array without attributes, bound for draws whose vertex shader makes its vertices from
// gl_VertexID (the ground's quad, a full-screen triangle).
class EmptyVertexArray {
 public:
  EmptyVertexArray() { glCreateVertexArrays(1, &id_); }
  ~EmptyVertexArray() { glDeleteVertexArrays(1, &id_); }
  EmptyVertexArray(const EmptyVertexArray&) = delete;
  EmptyVertexArray& operator=(const EmptyVertexArray&) = delete;
  void bind() const { glBindVertexArray(id_); }

 private:
  GLuint id_ = 0;
};

}  // namespace render
