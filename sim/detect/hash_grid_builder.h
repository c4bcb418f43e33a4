// HashGrid<Exec>: the buffers of geometry/hash_grid.h's counting sort and the four stages that fill them,
// on either backend: count per bucket, exclusive scan, scatter, each bucket sorted by particle index.
// Self-collision builds one over the predicted positions once per frame; the rigid contacts over bodies
// and particles.
#pragma once

#include "core/position.h"
#include "geometry/hash_grid.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Exec>
class HashGrid {
 public:
  // Sizes the table for up to n particles: a power of two of at least 2n buckets.
  void reserve(size_t n) {
    size_t table = 1;
    while (table < 2 * n) table *= 2;
    mask_ = unsigned(table - 1);
    Exec::resize(particle_bucket_, n);
    Exec::resize(particle_key_, n);
    Exec::resize(sorted_, n);
    Exec::resize(sorted_key_, n);
    Exec::resize(bucket_count_, n > 0 ? table + 1 : 0);
  }

  // Sorts x[0..n) (n no more than reserved) into cells of edge `cell` [m]; Core counts the launches
  // (solver/solver_core.h).
  template <class Core>
  void build(Core& core, const Position* x, int n, Real cell) {
    cell_ = cell;
    core.clear(bucket_count_);
    core.launch(n, HashGridCount{x, cell_, mask_, Exec::data(particle_bucket_), Exec::data(particle_key_),
                                 Exec::data(bucket_count_)});
    ++core.launches;
    Exec::exclusive_scan(bucket_count_, bucket_start_, scan_scratch_);
    core.clear(bucket_count_);
    core.launch(n, HashGridScatter{Exec::data(particle_bucket_), Exec::data(particle_key_),
                                   Exec::data(bucket_start_), Exec::data(bucket_count_), Exec::data(sorted_),
                                   Exec::data(sorted_key_)});
    core.launch(buckets(),
                HashGridSortBucket{Exec::data(bucket_start_), Exec::data(sorted_), Exec::data(sorted_key_)});
  }

  HashGridView view() const {
    return {cell_, mask_, Exec::data(bucket_start_), Exec::data(sorted_), Exec::data(sorted_key_)};
  }
  int buckets() const { return int(mask_) + 1; }  // the table size
  // Entry s of the sort holds particle sorted()[s]: particles grouped by cell.
  const int* sorted() const { return Exec::data(sorted_); }

 private:
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  Real cell_ = 0.0;  // cell edge [m]
  unsigned mask_ = 0;
  Buffer<int> particle_bucket_, bucket_count_, bucket_start_, sorted_;
  Buffer<CellKey> particle_key_, sorted_key_;
  Buffer<unsigned char> scan_scratch_;  // the backend's working memory for the bucket scan
};

}  // namespace SIM_PRECISION
}  // namespace sim
