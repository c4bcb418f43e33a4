// A family's multipliers summed over a frame's substeps, for the geometric stiffness of adaptive
// substepping (solver/xpbd/stability.h): the force a constraint applied over the frame, Σ_s λ_s / (N Δt_s²),
// instead of the last substep's λ/Δt_s². With one iteration a substep, a joint's λ of a single substep swings
// with the error the substep before left (the swinging box's top-link tension read from 1 % to 15 times its
// weight from frame to frame), while the frame's total impulse must carry the load whatever the error: the
// mean is what Giles & Andrews' λ of the whole step stands for. Kept only while the stabilisation is on.
#pragma once

#include "families/family.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class T>
struct AddMultipliers {
  T* sum;
  const T* lambda;
  SIM_HD void operator()(int i) const { sum[i] = sum[i] + lambda[i]; }
};

template <class Core, class T>
class FrameMultipliers {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;

  // After a substep's iterations: adds that substep's multipliers into n sums; the first substep (or
  // restart, when the constraints were found anew) starts them. make_add(sum) is the functor over `items`
  // constraints that adds theirs.
  template <class MakeAdd>
  void add(Core& core, const Substep& sub, int n, int items, MakeAdd make_add, bool restart) {
    if (active_stabilization(sub.settings) == Stabilization::Off || n == 0) return;
    if (sub.first() || restart || Exec::size(sum_) != size_t(n)) {
      Exec::resize(sum_, size_t(n));
      core.clear(sum_);
      summed_ = 0;
    }
    core.launch(items, make_add(Exec::data(sum_)));
    ++summed_;
  }
  void add(Core& core, const Substep& sub, const T* lambda, int n) {
    add(
        core, sub, n, n,
        [&](T* sum) {
          return AddMultipliers<T>{sum, lambda};
        },
        false);
  }

  // The summed multipliers of n constraints, or null when they are not the last frame's.
  T* sums(int n) { return summed_ > 0 && Exec::size(sum_) == size_t(n) ? Exec::data(sum_) : nullptr; }
  // What turns a sum into the mean force: 1/(N Δt_s²) from 1/Δt_s² [1/s²].
  Real scale(Real inv_h2) const { return summed_ > 0 ? inv_h2 / Real(summed_) : 0.0; }

 private:
  typename Exec::template Buffer<T> sum_;
  int summed_ = 0;  // substeps in the sum
};

}  // namespace SIM_PRECISION
}  // namespace sim
