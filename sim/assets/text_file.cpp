// See text_file.h.
#include "assets/text_file.h"

#include <filesystem>
#include <fstream>
#include <utility>

namespace sim {
inline namespace SIM_PRECISION {
namespace {

// Why a file of this kind is not read; empty for a regular file.
std::string kind_problem(std::filesystem::file_type type) {
  using std::filesystem::file_type;
  switch (type) {
    case file_type::regular:
      return "";
    case file_type::not_found:
      return "does not exist";
    case file_type::directory:
      return "is a directory, not a file";
    case file_type::fifo:
      return "is a named pipe (FIFO), not a regular file";
    case file_type::character:
      return "is a character device, not a regular file";
    case file_type::block:
      return "is a block device, not a regular file";
    case file_type::socket:
      return "is a socket, not a regular file";
    default:
      return "is not a regular file";
  }
}

}  // namespace

std::string byte_count(std::uintmax_t bytes) {
  for (const auto& [unit, size] : {std::pair<const char*, std::uintmax_t>{"GiB", std::uintmax_t(1) << 30},
                                   {"MiB", std::uintmax_t(1) << 20},
                                   {"KiB", std::uintmax_t(1) << 10}})
    if (bytes >= size && bytes % size == 0) return std::to_string(bytes / size) + " " + unit;
  return std::to_string(bytes) + " bytes";
}

TextFile read_text_file(const std::string& path, std::uintmax_t max_bytes, const std::string& what) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (error && status.type() != std::filesystem::file_type::not_found)
    return {"", "cannot be examined (" + error.message() + ")"};
  if (std::string problem = kind_problem(status.type()); !problem.empty()) return {"", problem};
  const auto too_large = [&](const std::string& size) {
    return TextFile{"", size + ", more than the " + byte_count(max_bytes) + " " + what + " may have"};
  };
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (!error && size > max_bytes) return too_large("is " + std::to_string(size) + " bytes");
  std::ifstream in(path, std::ios::binary);
  if (!in) return {"", "cannot be opened for reading"};
  TextFile out;
  if (!error) out.text.reserve(size_t(size));
  std::string chunk(size_t(1) << 16, '\0');
  while (in) {
    in.read(chunk.data(), std::streamsize(chunk.size()));
    out.text.append(chunk.data(), size_t(in.gcount()));
    if (out.text.size() > max_bytes)
      return {"",
              "grew while it was read to more than the " + byte_count(max_bytes) + " " + what + " may have"};
  }
  if (in.bad()) return {"", "could not be read (a read error)"};
  return out;
}

}  // namespace SIM_PRECISION
}  // namespace sim
