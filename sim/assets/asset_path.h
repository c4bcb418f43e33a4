// Where data files that are fetched rather than committed (the Stanford bunny) are looked for, in order:
// $SMALLSTEPS_ASSET_DIR, the build tree's assets/ (filled by scripts/fetch_bunny.sh at configure time)
// and the source tree's assets/fetched/. A missing file is looked for in the next place; something else
// under the file's name (a directory) is bad input, not skipped: the user put it there.
#pragma once

#include <string>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

struct AssetLookup {
  std::string path;                   // the file found; empty when none
  std::vector<std::string> searched;  // every candidate tried, for the message when none is found
};

// Throws ParamError naming the path and the place it came from when a candidate exists but is not a
// regular file (a directory, a device).
AssetLookup find_asset(const std::string& file_name);

}  // namespace SIM_PRECISION
}  // namespace sim
