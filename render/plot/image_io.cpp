#include "render/plot/image_io.h"

#include <stb_image.h>
#include <stb_image_write.h>

namespace render {

bool write_png(const std::string& path, const RgbImage& image) {
  return stbi_write_png(path.c_str(), image.width, image.height, 3, image.pixels.data(), image.width * 3) != 0;
}

std::optional<RgbImage> read_png(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 3);
  if (!data) return std::nullopt;
  RgbImage image{w, h, std::vector<std::uint8_t>(data, data + size_t(w) * size_t(h) * 3)};
  stbi_image_free(data);
  return image;
}

}  // namespace render
