// The items a detection flagged (particles touching a surface, cloth edges touching the collider,
// particles with a self-contact pair), as the list of their indices in ascending order, so that every
// substep's contact passes run over the contacts found instead of over every item (a cloth hanging above
// the ground has none: at 387 × 387 the ground's pass over 150,000 flags cost 3 % of the frame). Built once
// per detection by a count, an exclusive scan and a scatter. The list keeps the items' order, and a range
// of items (a colour of edges) has its flagged ones contiguous, so a pass over the list does the
// arithmetic of a pass over all items that skips the unflagged ones, on any thread count and backend, and
// its threads share the touching items evenly. Its lengths stay where the buffers are: a device backend
// launches a pass over every item of the range and the threads past the end return, so nothing is copied
// back between detection and the substeps (detection may run every substep).
#pragma once

#include <vector>

#include "core/hd.h"
#include "core/index.h"
#include "families/family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

// What a pass over the flagged items of [begin, end) reads: its item j is index[offset[begin] + j] while
// that position is below offset[end] (the list holds a range's flagged items contiguously, ascending).
struct FlaggedIndices {
  const int* index;   // the list
  const int* offset;  // the exclusive scan of the flags, n + 1 entries, on the backend
  int begin, end;     // the items walked
  SIM_HD bool at(int j, int& i) const {
    const int p = offset[begin] + j;
    if (p >= offset[end]) return false;
    i = index[p];
    return true;
  }
};

// count[i] = 1 where flags[i] is set, for i < n; count[n] = 0, so the scan's last entry is the total.
template <class Flag>
struct CountFlagged {
  const Flag* flags;
  int n;
  int* count;
  SIM_HD void operator()(int i) const { count[i] = i < n && flags[i] != 0 ? 1 : 0; }
};

// list[offset[i]] = i for every flagged i.
template <class Flag>
struct ScatterFlagged {
  const Flag* flags;
  const int* offset;
  int* list;
  SIM_HD void operator()(int i) const {
    if (flags[i] != 0) list[offset[i]] = i;
  }
};

template <class Core>
class FlaggedList {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  // The list of the i < n with flags[i] non-zero (flags: bytes of contact bits, or counts).
  template <class Flag>
  void build(Core& core, const Flag* flags, int n) {
    Exec::resize(count_, size_t(n) + 1);
    Exec::resize(offset_, size_t(n) + 1);
    core.launch(n + 1, CountFlagged<Flag>{flags, n, Exec::data(count_)});
    Exec::exclusive_scan(count_, offset_, scratch_);
    ++core.launches;
    n_ = n;
    Exec::resize(list_, size_t(n));  // room for all: a device buffer reallocates whenever its size changes
    core.launch(n, ScatterFlagged<Flag>{flags, Exec::data(offset_), Exec::data(list_)});
  }

  // Items a pass over the flagged ones of `items` (all of them by default) launches: their number where
  // the buffers are host memory, the whole range on a device.
  int launch_size(IndexRange items) const {
    if (n_ == 0) return 0;
    if constexpr (Exec::kHostMemory)
      return Exec::read(offset_, size_t(items.end)) - Exec::read(offset_, size_t(items.begin));
    return items.size();
  }
  int launch_size() const { return launch_size(all()); }
  FlaggedIndices indices(IndexRange items) const {
    return {Exec::data(list_), Exec::data(offset_), items.begin, items.end};
  }
  FlaggedIndices indices() const { return indices(all()); }

  // Gauss-Seidel over colours (SolverCore::sweep) visiting each colour's flagged items only:
  // colour_pass(indices) is the functor over the flagged items of one colour.
  template <class ColourPass>
  void sweep(Core& core, const std::vector<IndexRange>& colours,
             const ColourPass& colour_pass) const {
    core.sweep(
        int(colours.size()), [&](int c) { return launch_size(colours[size_t(c)]); },
        [&](int c) { return colour_pass(indices(colours[size_t(c)])); });
  }

 private:
  IndexRange all() const { return {0, n_}; }

  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  Buffer<int> count_, offset_;  // n + 1 each
  Buffer<int> list_;            // the flagged indices, ascending, in its first offset_[n_] entries
  Buffer<unsigned char> scratch_;
  int n_ = 0;  // items at the last build
};

}  // namespace SIM_PRECISION
}  // namespace sim
