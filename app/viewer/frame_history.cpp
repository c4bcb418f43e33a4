#include "viewer/frame_history.h"

#include <algorithm>

namespace app {

size_t FrameHistory::bytes() const {
  size_t bytes = inputs_.capacity() * sizeof(Input);
  for (const Input& input : inputs_) bytes += input.settings.heap_bytes();
  return bytes;
}

void FrameHistory::stepped(int frame) {
  if (begun_ && !lost_) {
    const size_t keep = std::min(inputs_.size(), size_t(std::max(frame - 1, 0)));
    inputs_.erase(inputs_.begin() + std::ptrdiff_t(keep), inputs_.end());
    if (!full()) inputs_.push_back(std::move(*begun_));
  }
  begun_.reset();
}

void FrameHistory::clear(bool lost) {
  inputs_.clear();
  begun_.reset();
  lost_ = lost;
}

}  // namespace app
