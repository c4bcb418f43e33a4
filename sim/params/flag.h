// A parameter's command-line flag: its table name with dashes, "--rigid-solver" for rigid_solver (the CLI
// registers every setting under it; messages that tell the user what to type name it).
#pragma once

#include <string>

namespace sim {
inline namespace SIM_PRECISION {

// "rigid_solver" -> "rigid-solver".
inline std::string dashed(std::string name) {
  for (char& c : name)
    if (c == '_') c = '-';
  return name;
}

// "rigid_solver" -> "--rigid-solver".
inline std::string flag_of(const std::string& name) { return "--" + dashed(name); }

}  // namespace SIM_PRECISION
}  // namespace sim
