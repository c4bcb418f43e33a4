// Small string helpers shared by the app's file-name checks.
#pragma once

#include <string>

namespace app {

inline bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace app
