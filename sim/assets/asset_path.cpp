// The asset search of asset_path.h.
#include "assets/asset_path.h"

#include <cstdlib>
#include <filesystem>
#include <utility>

#include "params/param.h"
#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {

AssetLookup find_asset(const std::string& file_name) {
  std::vector<std::pair<std::string, const char*>> dirs;  // folder, where it comes from
  if (const char* env = std::getenv("SMALLSTEPS_ASSET_DIR"); env && *env)
    dirs.emplace_back(env, "$SMALLSTEPS_ASSET_DIR");
  dirs.emplace_back(SMALLSTEPS_BUILD_ASSET_DIR, "the build tree's assets");
  dirs.emplace_back(SMALLSTEPS_SOURCE_ASSET_DIR, "the source tree's assets");
  AssetLookup lookup;
  for (const auto& [dir, source] : dirs) {
    const std::string candidate = (std::filesystem::path(dir) / file_name).string();
    lookup.searched.push_back(candidate);
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(candidate, ec);
    if (std::filesystem::is_regular_file(status)) {
      lookup.path = candidate;
      break;
    }
    if (std::filesystem::exists(status))
      throw ParamError(std::string(source) + ": " + in_quotes(candidate) + " is " +
                       (std::filesystem::is_directory(status) ? "a directory" : "not a regular file") +
                       ", not the file " + file_name + " (remove or rename it)");
  }
  return lookup;
}

}  // namespace SIM_PRECISION
}  // namespace sim
