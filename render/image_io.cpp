#include "render/image_io.h"

#include <stb_image_write.h>

namespace render {

bool write_png(const std::string& path, const RgbImage& image) {
  return stbi_write_png(path.c_str(), image.width, image.height, 3, image.pixels.data(), image.width * 3) != 0;
}

}  // namespace render
