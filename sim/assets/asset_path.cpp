#include "assets/asset_path.h"

#include <cstdlib>
#include <filesystem>

namespace sim {

AssetLookup find_asset(const std::string& file_name) {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("SMALLSTEPS_ASSET_DIR"); env && *env) dirs.emplace_back(env);
  dirs.emplace_back(SMALLSTEPS_BUILD_ASSET_DIR);
  dirs.emplace_back(SMALLSTEPS_SOURCE_ASSET_DIR);
  AssetLookup lookup;
  for (const std::string& dir : dirs) {
    const std::string candidate = (std::filesystem::path(dir) / file_name).string();
    lookup.searched.push_back(candidate);
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) {
      lookup.path = candidate;
      break;
    }
  }
  return lookup;
}

}  // namespace sim
