// What one number format forbids in text a user reads (issue 53 item 2; sim/core/quantity_format.h),
// matched on numbers, not words: a digit followed by e and an exponent, "um" after a number, a lone "-0",
// an ungrouped run of seven or more digits. The run summary's state hash (hexadecimal, not a number a user
// reads as one) is left out.
#pragma once

#include <regex>
#include <sstream>
#include <string>
#include <vector>

// The lines of `text` that break the format, each with what it breaks.
inline std::vector<std::string> badly_formatted(const std::string& text) {
  static const std::vector<std::pair<std::regex, std::string>> kForbidden = {
      {std::regex(R"(\d[eE][+-]?\d)"), "e-notation"},
      {std::regex(R"(\d\s*um\b)"), "um for µm"},
      {std::regex(R"((^|[^\w.])-0(?![.\d]))"), "a lone -0"},
      {std::regex(R"(\d{7,})"), "seven or more ungrouped digits"},
  };
  std::vector<std::string> bad;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("state hash", 0) == 0) continue;
    for (const auto& [pattern, what] : kForbidden)
      if (std::regex_search(line, pattern)) bad.push_back(what + ": " + line);
  }
  return bad;
}
