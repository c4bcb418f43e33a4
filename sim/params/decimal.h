// A finite decimal number filling a whole token, read the same in every locale (std::from_chars): what the
// OBJ and TetGen readers, --drag, --fail-on-error, the settings and parameters (command line and presets)
// and --frames accept; no "nan", "inf", hexadecimal or trailing text. decimal_problem says in words why a
// token is not one, so that a message can quote the token as written and say what is wrong with it.
#pragma once

#include <charconv>
#include <climits>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace sim {
inline namespace SIM_PRECISION {

inline std::optional<double> finite_decimal(std::string_view token) {
  if (!token.empty() && token[0] == '+') token.remove_prefix(1);  // from_chars takes no plus sign
  double value = 0.0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec != std::errc{} || end != token.data() + token.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

namespace detail {

// Of a decimal number whose magnitude is outside the double range: whether it is too large (rather than too
// close to zero), from its decimal exponent plus the place of its first non-zero digit.
inline bool beyond_largest(std::string_view token) {
  const size_t e = token.find_first_of("eE");
  const std::string_view mantissa = token.substr(0, e);
  long long exponent = 0;
  if (e != std::string_view::npos) {
    std::string_view digits = token.substr(e + 1);
    if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), exponent);
    if (ec == std::errc::result_out_of_range) exponent = digits[0] == '-' ? LLONG_MIN / 2 : LLONG_MAX / 2;
  }
  const size_t point = std::min(mantissa.find('.'), mantissa.size());
  const size_t first = mantissa.find_first_of("123456789");
  const long long place = first < point ? (long long)(point - first) : -(long long)(first - point);
  return exponent + place > 0;
}

}  // namespace detail

// Why `token` is not a finite decimal number, as the words to follow it in a message ("is not a number",
// "is not a finite number" for nan and inf, "is beyond the range of a double, about ±1.8e308", "is closer to
// 0 than the smallest positive double, 4.9e-324"); nothing when it is one.
inline std::optional<std::string> decimal_problem(std::string_view token) {
  std::string_view digits = token;
  if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (end != digits.data() + digits.size() || digits.empty() || (ec != std::errc{} &&
                                                                 ec != std::errc::result_out_of_range))
    return "is not a number";
  if (ec == std::errc::result_out_of_range)
    return detail::beyond_largest(digits) ? "is beyond the range of a double, about ±1.8e308"
                                          : "is closer to 0 than the smallest positive double, 4.9e-324";
  if (!std::isfinite(value)) return "is not a finite number";
  return std::nullopt;
}

}  // namespace SIM_PRECISION
}  // namespace sim
