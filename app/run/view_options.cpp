#include "run/view_options.h"

#include <sstream>

#include "params/quoted.h"

namespace app {

void parse_size(const std::string& text, int& width, int& height) {
  int w = 0, h = 0;
  char x = 0, extra = 0;
  std::istringstream in(text);
  if (!(in >> w >> x >> h) || (x != 'x' && x != 'X') || (in >> extra) || w < 64 || h < 64 || w > 8192 || h > 8192)
    throw sim::ParamError("--size " + sim::in_quotes(text) + ": expected WIDTHxHEIGHT, each in [64, 8192] pixels");
  width = w;
  height = h;
}

sim::ParamSet apply_overrides(const sim::ParamSet& settings, const std::string& overrides) {
  sim::ParamSet out = settings;
  std::istringstream in(overrides);
  for (std::string item; std::getline(in, item, ',');) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw sim::ParamError("--compare " + sim::in_quotes(overrides) +
                            ": expected name=value[,name=value...], got " + sim::in_quotes(item));
    out.set_text(item.substr(0, eq), item.substr(eq + 1), "--compare " + sim::in_quotes(item));
  }
  return out;
}

}  // namespace app
