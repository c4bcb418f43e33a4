// Checks of OBJ "v" and "f" lines ahead of tinyobjloader; see obj_text_check.h.
#include "mesh/obj_text_check.h"

#include <charconv>
#include <climits>
#include <cmath>
#include <vector>

namespace sim {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Lines end at "\n", "\r\n" or a lone "\r", as in tinyobjloader's safeGetline.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n' && text[i] != '\r') continue;
    lines.push_back(text.substr(start, i - start));
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    start = i + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

std::vector<std::string_view> split_tokens(std::string_view line) {
  std::vector<std::string_view> tokens;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) tokens.push_back(line.substr(start, i - start));
  }
  return tokens;
}

std::string_view without_plus(std::string_view s) { return (!s.empty() && s[0] == '+') ? s.substr(1) : s; }

// A finite decimal number filling the whole token (no "nan", "inf", hexadecimal or trailing characters).
bool is_finite_decimal(std::string_view token) {
  const std::string_view s = without_plus(token);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc{} && end == s.data() + s.size() && std::isfinite(value);
}

std::optional<long long> parse_integer(std::string_view token) {
  const std::string_view s = without_plus(token);
  long long value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return value;
}

std::string at_line(size_t line, const std::string& what) {
  return "line " + std::to_string(line) + ": " + what;
}

struct Scan {
  long long vertices = 0;       // "v" lines so far
  long long largest_index = 0;  // largest positive face vertex index
  size_t largest_index_line = 0;
};

// `number` counts vertices from 1, as OBJ face indices do.
std::optional<std::string> vertex_problem(const std::vector<std::string_view>& tokens, size_t line,
                                          long long number) {
  const std::string vertex = "vertex " + std::to_string(number);
  if (tokens.size() < 4) return at_line(line, vertex + " has fewer than 3 coordinates");
  for (size_t i = 1; i <= 3; ++i) {
    if (!is_finite_decimal(tokens[i])) {
      return at_line(line,
                     vertex + ": coordinate '" + std::string(tokens[i]) + "' is not a finite decimal number");
    }
  }
  return std::nullopt;
}

// Face tokens are "v", "v/t", "v//n" or "v/t/n"; only the vertex index v is checked here.
std::optional<std::string> face_problem(const std::vector<std::string_view>& tokens, size_t line,
                                        Scan& scan) {
  for (size_t i = 1; i < tokens.size(); ++i) {
    const std::string_view v = tokens[i].substr(0, tokens[i].find('/'));
    const std::optional<long long> index = parse_integer(v);
    const std::string quoted = "face vertex index '" + std::string(v) + "'";
    if (!index || *index > INT_MAX || *index < INT_MIN) return at_line(line, quoted + " is not an int");
    if (*index == 0) return at_line(line, quoted + " is 0 (OBJ indices start at 1)");
    if (*index < 0 && scan.vertices + *index < 0) {
      return at_line(line, quoted + " reaches before the first vertex (" + std::to_string(scan.vertices) +
                               " vertices so far)");
    }
    if (*index > scan.largest_index) {
      scan.largest_index = *index;
      scan.largest_index_line = line;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> obj_text_problem(std::string_view text) {
  const std::vector<std::string_view> lines = split_lines(text);
  Scan scan;
  for (size_t n = 0; n < lines.size(); ++n) {
    const std::vector<std::string_view> tokens = split_tokens(lines[n]);
    if (tokens.empty()) continue;
    std::optional<std::string> problem;
    if (tokens[0] == "v") {
      ++scan.vertices;
      problem = vertex_problem(tokens, n + 1, scan.vertices);
    } else if (tokens[0] == "f") {
      problem = face_problem(tokens, n + 1, scan);
    }
    if (problem) return problem;
  }
  if (scan.largest_index > scan.vertices) {
    return at_line(scan.largest_index_line, "face vertex index " + std::to_string(scan.largest_index) +
                                                " is past the last vertex (the file has " +
                                                std::to_string(scan.vertices) + ")");
  }
  return std::nullopt;
}

}  // namespace sim
