#include "render/image_io.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <cstring>
#include <stdexcept>

namespace render {

bool write_png(const std::string& path, const RgbImage& image) {
  return stbi_write_png(path.c_str(), image.width, image.height, 3, image.pixels.data(), image.width * 3) != 0;
}

RgbImage read_png(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 3);
  if (!data) throw std::runtime_error("cannot read PNG '" + path + "': " + stbi_failure_reason());
  RgbImage image{w, h, std::vector<std::uint8_t>(size_t(w) * size_t(h) * 3)};
  std::memcpy(image.pixels.data(), data, image.pixels.size());
  stbi_image_free(data);
  return image;
}

}  // namespace render
