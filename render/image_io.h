// PNG files of RGB pixels (rows top to bottom), through stb_image_write.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace render {

struct RgbImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;  // 3 bytes per pixel
};

// Returns false when the file cannot be written.
bool write_png(const std::string& path, const RgbImage& image);

}  // namespace render
