// Reading a whole text file with limits (issue 52 item 2): only a regular file is read (a directory, a
// named pipe, a device or a socket is refused by its kind before it is opened, so that /dev/zero cannot fill
// memory and a FIFO cannot block), and no more than a stated number of bytes (checked before reading and
// again while reading, for a file that grows). The presets, OBJ and TetGen readers share it; each wraps the
// problem in its own error with its own prefix.
#pragma once

#include <cstdint>
#include <string>

namespace sim {
inline namespace SIM_PRECISION {

// The limits the readers state. A preset is a page of settings (the shipped ones are under 2 KiB); a mesh
// file holds at most a few million elements at 30-60 bytes each (the Stanford bunny's OBJ is 2.3 MiB; a
// TetGen body of 10 million tets is about 0.5 GiB).
constexpr std::uintmax_t kMaxPresetBytes = std::uintmax_t(1) << 20;
constexpr std::uintmax_t kMaxMeshFileBytes = std::uintmax_t(1) << 30;

struct TextFile {
  std::string text;  // the file's bytes; empty where `problem` is set
  std::string
      problem;  // why it was not read ("is a directory", "is 3000000 bytes, more than ..."); empty: read
};

// `what` names the file's kind in the size message ("a preset", "an OBJ file").
TextFile read_text_file(const std::string& path, std::uintmax_t max_bytes, const std::string& what);

// A byte count in words: "1 MiB", "2 GiB", "1500000 bytes".
std::string byte_count(std::uintmax_t bytes);

}  // namespace SIM_PRECISION
}  // namespace sim
