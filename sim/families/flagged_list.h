// The particles a contact detection flagged, as the list of their indices in ascending order, so that
// every substep's contact passes run over the contacts found instead of over every particle (a cloth
// hanging above the ground has none: at 387 × 387 the ground's pass over 150,000 flags cost 3 % of the
// frame). Built once per detection by a count, an exclusive scan and a scatter. The list keeps the
// particles' order, so a pass over it does the arithmetic of a pass over all particles that skips the
// unflagged ones, on any thread count and backend. Its length stays where the buffers are: a device
// backend launches a pass over every particle and the threads past the end return, so nothing is copied
// back between detection and the substeps (detection may run every substep).
#pragma once

#include "core/hd.h"
#include "solver/solver_core.h"

namespace sim {

// What a pass over the list reads: item j is particle index[j] while j < *length.
struct FlaggedIndices {
  const int* index;
  const int* length;  // on the backend
  SIM_HD bool at(int j, int& i) const {
    if (j >= *length) return false;
    i = index[j];
    return true;
  }
};

// count[i] = 1 where flags[i] is set, for i < n; count[n] = 0, so the scan's last entry is the total.
struct CountFlagged {
  const unsigned char* flags;
  int n;
  int* count;
  SIM_HD void operator()(int i) const { count[i] = i < n && flags[i] != 0 ? 1 : 0; }
};

// list[offset[i]] = i for every flagged i.
struct ScatterFlagged {
  const unsigned char* flags;
  const int* offset;
  int* list;
  SIM_HD void operator()(int i) const {
    if (flags[i] != 0) list[offset[i]] = i;
  }
};

template <class Exec>
class FlaggedList {
 public:
  // The list of the i < n with flags[i] set.
  void build(SolverCore<Exec>& core, const unsigned char* flags, int n) {
    Exec::resize(count_, size_t(n) + 1);
    Exec::resize(offset_, size_t(n) + 1);
    core.launch(n + 1, CountFlagged{flags, n, Exec::data(count_)});
    Exec::exclusive_scan(count_, offset_, scratch_);
    ++core.launches;
    n_ = n;
    Exec::resize(list_, size_t(n));  // room for all: a device buffer reallocates whenever its size changes
    core.launch(n, ScatterFlagged{flags, Exec::data(offset_), Exec::data(list_)});
  }

  // Items a pass over the list launches: its length where the buffers are host memory, every particle on
  // a device.
  int launch_size() const {
    if constexpr (Exec::kHostMemory) return n_ > 0 ? Exec::read(offset_, size_t(n_)) : 0;
    return n_;
  }
  FlaggedIndices indices() const { return {Exec::data(list_), Exec::data(offset_) + n_}; }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  Buffer<int> count_, offset_;  // n + 1 each
  Buffer<int> list_;            // the flagged indices, ascending, in its first offset_[n_] entries
  Buffer<unsigned char> scratch_;
  int n_ = 0;  // particles at the last build
};

}  // namespace sim
