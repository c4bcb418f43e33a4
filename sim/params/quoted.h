// Untrusted text as messages show it: a preset's keys and values, command-line values, the tokens and paths
// of mesh files. Every control byte (below 0x20, and 0x7f), the backslash and the single quote are written
// as \xNN, so that no input can move the cursor, recolour or clear the terminal a message is printed on,
// nor end its quotes early; the one escaping helper for all of them. A long text is cut where it is quoted,
// its length stated (issue 52 item 4: a --drag of 20,000 numbers was echoed whole, 80 KB).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace sim {
inline namespace SIM_PRECISION {

// The text with its control bytes, backslashes and single quotes as \xNN.
inline std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c != 0x7f && c != '\\' && c != '\'') {
      out += ch;
      continue;
    }
    char code[5];
    std::snprintf(code, sizeof code, "\\x%02x", unsigned(c));
    out += code;
  }
  return out;
}

// The most bytes of a text in_quotes shows.
constexpr size_t kQuotedBytes = 200;

// escaped(text) in single quotes; past kQuotedBytes, its start (cut at a UTF-8 character's boundary), "..."
// and its length: "'1 2 3 ...' (40000 bytes)".
inline std::string in_quotes(std::string_view text) {
  if (text.size() <= kQuotedBytes) return "'" + escaped(text) + "'";
  size_t cut = kQuotedBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return "'" + escaped(text.substr(0, cut)) + "...' (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace SIM_PRECISION
}  // namespace sim
