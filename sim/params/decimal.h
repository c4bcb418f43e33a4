// A finite decimal number filling a whole token, read the same in every locale (std::from_chars): what the
// OBJ and TetGen readers, --drag and --fail-on-error accept; no "nan", "inf", hexadecimal or trailing text.
#pragma once

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

namespace sim {

inline std::optional<double> finite_decimal(std::string_view token) {
  if (!token.empty() && token[0] == '+') token.remove_prefix(1);  // from_chars takes no plus sign
  double value = 0.0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc{} || end != token.data() + token.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace sim
