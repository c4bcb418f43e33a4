// PNG files of RGB pixels (rows top to bottom), through stb_image_write and stb_image.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace render {

struct RgbImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;  // 3 bytes per pixel
};

// Returns false when the file cannot be written.
bool write_png(const std::string& path, const RgbImage& image);
// The image in a PNG file (as RGB), or nothing when it cannot be read.
std::optional<RgbImage> read_png(const std::string& path);

}  // namespace render
