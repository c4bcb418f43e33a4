// A simulation vector (sim::Vec3, a Position, anything with x, y, z [m]) as the renderer's glm::vec3: the one
// place the core's Real becomes the GPU's float for drawing, picking and framing.
#pragma once

#include <glm/glm.hpp>

namespace render {

template <class V>
glm::vec3 to_glm(const V& v) {
  return {float(v.x), float(v.y), float(v.z)};
}

}  // namespace render
