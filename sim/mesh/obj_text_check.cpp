// Checks of OBJ text ahead of tinyobjloader, and the "v"/"f"-only text it is given; see obj_text_check.h.
#include "mesh/obj_text_check.h"

#include <cfloat>
#include <charconv>
#include <climits>
#include <cmath>
#include <vector>

#include "params/decimal.h"
#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// A control character other than tab, line feed and carriage return: no OBJ text holds one, while random
// or binary data holds one every few bytes.
bool is_binary_byte(unsigned char c) {
  return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f;
}

std::optional<std::string> binary_problem(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!is_binary_byte(c)) continue;
    return "not a text OBJ file (it holds binary data: byte " + escaped(text.substr(i, 1)) + " at offset " +
           std::to_string(i) + ")";
  }
  return std::nullopt;
}

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

std::optional<long long> parse_integer(std::string_view token) {
  const std::string_view s = without_plus(token);
  long long value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return value;
}

// An optionally signed run of digits, of any length: the texture and normal indices, which are dropped.
bool is_integer_text(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  if (s.empty()) return false;
  for (const char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// "v", "v/t", "v//n" or "v/t/n": the texture part may be empty only when a normal follows.
bool is_face_corner(std::string_view corner) {
  std::vector<std::string_view> parts{corner};
  for (size_t slash; (slash = parts.back().find('/')) != std::string_view::npos;) {
    const std::string_view rest = parts.back().substr(slash + 1);
    parts.back() = parts.back().substr(0, slash);
    parts.push_back(rest);
  }
  if (parts.size() > 3 || !is_integer_text(parts[0])) return false;
  if (parts.size() == 2) return is_integer_text(parts[1]);
  if (parts.size() == 3) return (parts[1].empty() || is_integer_text(parts[1])) && is_integer_text(parts[2]);
  return true;
}

std::string at_line(size_t line, const std::string& what) {
  return "line " + std::to_string(line) + ": " + what;
}

struct Scan {
  long long vertices = 0;       // "v" lines so far
  long long largest_index = 0;  // largest positive face vertex index
  size_t largest_index_line = 0;
  std::string geometry;  // the text for tinyobjloader so far
};

// Vertices are numbered from 1, as OBJ face indices count them.
std::optional<std::string> add_vertex(const std::vector<std::string_view>& tokens, size_t line, Scan& scan) {
  const std::string vertex = "vertex " + std::to_string(++scan.vertices);
  if (tokens.size() < 4) return at_line(line, vertex + " has fewer than 3 coordinates");
  scan.geometry += "v";
  for (size_t i = 1; i <= 3; ++i) {
    const std::string coordinate = "coordinate " + in_quotes(tokens[i]);
    const std::optional<double> value = finite_decimal(tokens[i]);
    if (!value) return at_line(line, vertex + ": " + coordinate + " is not a finite decimal number");
    if (std::fabs(*value) > FLT_MAX)
      return at_line(line, vertex + ": " + coordinate + " is beyond single precision");
    scan.geometry += " " + std::string(tokens[i]);
  }
  return std::nullopt;
}

std::optional<std::string> add_face(const std::vector<std::string_view>& tokens, size_t line, Scan& scan) {
  if (tokens.size() < 4) {
    return at_line(line, "a face needs 3 corners, this one has " + std::to_string(tokens.size() - 1));
  }
  scan.geometry += "f";
  for (size_t i = 1; i < tokens.size(); ++i) {
    if (!is_face_corner(tokens[i])) {
      return at_line(line, "face corner " + in_quotes(tokens[i]) +
                               " is not v, v/t, v//n or v/t/n with integer indices");
    }
    const std::string_view v = tokens[i].substr(0, tokens[i].find('/'));
    const std::optional<long long> index = parse_integer(v);
    const std::string named = "face vertex index " + in_quotes(v);
    if (!index || *index > INT_MAX || *index < INT_MIN) return at_line(line, named + " is not an int");
    if (*index == 0) return at_line(line, named + " is 0 (OBJ indices start at 1)");
    if (*index < 0 && scan.vertices + *index < 0) {
      return at_line(line, named + " reaches before the first vertex (" + std::to_string(scan.vertices) +
                               " vertices so far)");
    }
    const long long absolute = *index > 0 ? *index : scan.vertices + *index + 1;
    if (absolute > scan.largest_index) {
      scan.largest_index = absolute;
      scan.largest_index_line = line;
    }
    scan.geometry += " " + std::to_string(absolute);
  }
  return std::nullopt;
}

}  // namespace

CheckedObjText check_obj_text(std::string_view text) {
  constexpr std::string_view kUtf8Mark = "\xEF\xBB\xBF";  // some editors start UTF-8 text with it
  if (text.substr(0, kUtf8Mark.size()) == kUtf8Mark) text.remove_prefix(kUtf8Mark.size());
  if (std::optional<std::string> problem = binary_problem(text)) return {std::move(problem), ""};
  const std::vector<std::string_view> lines = split_lines(text);
  Scan scan;
  scan.geometry.reserve(text.size());
  for (size_t n = 0; n < lines.size(); ++n) {
    const std::vector<std::string_view> tokens = split_tokens(lines[n]);
    std::optional<std::string> problem;
    if (!tokens.empty() && tokens[0] == "v") {
      problem = add_vertex(tokens, n + 1, scan);
    } else if (!tokens.empty() && tokens[0] == "f") {
      problem = add_face(tokens, n + 1, scan);
    }
    if (problem) return {std::move(problem), ""};
    scan.geometry += '\n';
  }
  if (scan.largest_index > scan.vertices) {
    return {at_line(scan.largest_index_line, "face vertex index " + std::to_string(scan.largest_index) +
                                                 " is past the last vertex (the file has " +
                                                 std::to_string(scan.vertices) + ")"),
            ""};
  }
  return {std::nullopt, std::move(scan.geometry)};
}

}  // namespace SIM_PRECISION
}  // namespace sim
