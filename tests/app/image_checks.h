// Pixel checks shared by the tests that read rendered images (rows top to bottom, 3 bytes per pixel).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <vector>

// The sum of |channel differences| between pixel (x, y) and ref: under ~30 is "that colour".
inline int colour_distance(const std::vector<std::uint8_t>& rgb, int width, int x, int y,
                           const std::uint8_t ref[3]) {
  const size_t i = (size_t(y) * size_t(width) + size_t(x)) * 3;
  return std::abs(rgb[i] - ref[0]) + std::abs(rgb[i + 1] - ref[1]) + std::abs(rgb[i + 2] - ref[2]);
}

// Whether some pixel of the rectangle [x0, x1) × [y0, y1) has colour ref.
inline bool has_colour(const std::vector<std::uint8_t>& rgb, int width, int x0, int y0, int x1, int y1,
                       const std::uint8_t ref[3]) {
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      if (colour_distance(rgb, width, x, y, ref) < 30) return true;
  return false;
}
