// The OpenGL 4.5 core entry points, from the glad loader generated at build time, and the one helper
// every buffer owner shares.
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

}  // namespace render
