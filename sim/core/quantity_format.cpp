#include "core/quantity_format.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// Digits grouped by commas in threes from the decimal point: "12345678.9" → "12,345,678.9".
std::string grouped(const std::string& plain) {
  const size_t start = plain[0] == '-' ? 1 : 0;
  size_t end = plain.find('.');
  if (end == std::string::npos) end = plain.size();
  std::string out = plain;
  for (size_t k = end; k > start + 3; k -= 3) out.insert(k - 3, ",");
  return out;
}

// "12.50" → "12.5", "3.00" → "3".
std::string trimmed(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

bool takes_prefix(const std::string& unit) {
  for (const char* u : {"m", "s", "J", "N", "W", "Pa", "rad", "Hz", "m/s", "N/m", "N s", "N m"})
    if (unit == u) return true;
  return false;
}

}  // namespace

std::string format_text(const char* format, ...) {
  char text[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  return text;
}

std::string format_number(double value, int digits) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0.0 ? "inf" : "-inf";
  const double a = std::fabs(value);
  if (a == 0.0) return "0";
  if (a < 1e-4) return "< 0.0001";
  if (a >= 1e12) {  // a diverged coordinate, say: its mantissa and power of ten
    const int e = int(std::floor(std::log10(a)));
    return format_number(value / std::pow(10.0, e), digits) + "x10^" + std::to_string(e);
  }
  const int decimals = std::min(6, std::max(0, digits - 1 - int(std::floor(std::log10(a)))));
  std::string s = trimmed(format_text("%.*f", decimals, value));
  if (s == "-0") s = "0";
  return a >= 9999.5 ? grouped(s) : s;
}

std::string format_count(long long count) {
  const std::string s = format_text("%lld", count);
  return std::llabs(count) >= 10000 ? grouped(s) : s;
}

std::string format_percent(double percent) { return format_number(percent) + " %"; }

std::string format_quantity(double value, const std::string& unit, int digits) {
  if (!takes_prefix(unit) || !std::isfinite(value)) return format_number(value, digits) + " " + unit;
  const double a = std::fabs(value);
  if (a == 0.0) return "0 " + unit;
  if (a < 1e-9) return "< 1 n" + unit;  // round-off of quantities of order one, either sign
  static const struct {
    int exponent;
    const char* prefix;
  } kPrefixes[] = {{9, "G"}, {6, "M"}, {3, "k"}, {0, ""}, {-3, "m"}, {-6, "µ"}, {-9, "n"}};
  for (size_t k = 0; k < sizeof kPrefixes / sizeof kPrefixes[0]; ++k) {
    const double scale = std::pow(10.0, kPrefixes[k].exponent);
    if (a < scale && kPrefixes[k].exponent > -9) continue;
    // 999.96 mm is "1000 mm" at 3 digits: one prefix up, "1 m"
    if (k > 0 && a / scale >= 1000.0 - 0.5 * std::pow(10.0, 3 - digits))
      return format_number(value / (1000.0 * scale), digits) + " " + kPrefixes[k - 1].prefix + unit;
    return format_number(value / scale, digits) + " " + kPrefixes[k].prefix + unit;
  }
  return format_number(value, digits) + " " + unit;
}

std::string format_signed(double value, const std::string& unit, const char* positive, const char* negative) {
  const bool named_negative = value < 0.0 && std::fabs(value) >= 1e-9;
  return std::string(named_negative ? negative : positive) + " " + format_quantity(std::fabs(value), unit);
}

std::string format_length(double metres) { return format_quantity(metres, "m"); }

std::string format_ms(double milliseconds) { return format_quantity(1e-3 * milliseconds, "s"); }

std::string format_measure(double value, const std::string& unit, int digits) {
  if (unit.empty()) return format_number(value, digits);
  if (unit == "%") return format_number(value, digits) + " %";
  return format_quantity(value, unit, digits);
}

}  // namespace SIM_PRECISION
}  // namespace sim
