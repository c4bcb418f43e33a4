// SolverCore<Exec>: what the steppers (solver/xpbd/, solver/force/) share with every constraint family's
// stages — the backend's copy of the Model and State arrays, xⁿ, the launch and clear calls that count a
// step's backend operations (kernel launches and memsets on CUDA pay launch latency; launches per frame say
// how much), and the clocks of its detection and neighbour searches — and one substep as the hooks see it.
#pragma once

#include <vector>

#include "core/index.h"
#include "core/position.h"
#include "exec/colour_sweep.h"
#include "exec/launch_mode.h"
#include "exec/tile_sweep.h"
#include "registry/model.h"
#include "registry/settings.h"
#include "registry/state.h"

namespace sim {
inline namespace SIM_PRECISION {

struct Substep;

// What the families' stages see as Core (families/family.h): the backend's arrays and the counted launches.
template <class ExecPolicy>
struct SolverCore {
  using Exec = ExecPolicy;
  using Substep = sim::Substep;
  using HostModel = Model;
  template <class T>
  using Buffer = typename Exec::template Buffer<T>;

  ModelArrays<Exec::template Buffer> model;
  StateArrays<Exec::template Buffer> state;
  Buffer<Position> x_prev;      // xⁿ, positions at the start of the substep [m]
  Vec3 gravity{};            // Model::gravity [m/s²] (Settings::gravity_scale scales it per frame)
  long long launches = 0;  // device operations of the step: a loop, a memset, a sweep's colours or grids
  CudaLaunch launch_mode = CudaLaunch::Plain;  // how CUDA sends them (graph: a sweep is one grid)
  typename Exec::Stopwatch detection_watch;  // the frame's contact detection
  typename Exec::Stopwatch search_watch;     // the frame's neighbour searches
  int searches = 0;                          // of them, builds of the lists (the rest found them complete)

  template <class F>
  void launch(int n, const F& f) {
    if (n <= 0) return;
    ++launches;
    Exec::parallel_for(n, f);
  }
  // Gauss-Seidel over colours (Exec::sweep_colours): colour_pass(first) the functor over the colour that
  // starts at `first`.
  template <class ColourPass>
  void sweep(const std::vector<IndexRange>& colours, const ColourPass& colour_pass) {
    sweep(
        int(colours.size()), [&](int c) { return colours[size_t(c)].size(); },
        [&](int c) { return colour_pass(colours[size_t(c)].begin); });
  }
  // The same with colour c launching size(c) items of the functor colour_pass(c).
  template <class Size, class ColourPass>
  void sweep(int colours, const Size& size, const ColourPass& colour_pass) {
    if (colours == 0) return;
    launches += sweep_operations<decltype(colour_pass(0))>(colours, launch_mode == CudaLaunch::Graph);
    Exec::sweep_colours(colours, size, colour_pass);
  }
  // Gauss-Seidel in tiles (Exec::sweep_tiles, exec/tile_sweep.h): a device operation a phase, or a grid.
  template <class F>
  void sweep_tiles(const std::vector<TilePhase>& phases, int items, const F& f) {
    if (phases.empty()) return;
    launches += tile_sweep_operations(int(phases.size()), launch_mode == CudaLaunch::Graph);
    Exec::sweep_tiles(phases, items, f);
  }
  template <class T>
  void clear(Buffer<T>& b) {
    if (Exec::size(b) == 0) return;
    ++launches;
    Exec::fill_zero(b);
  }

  int particle_count() const { return int(Exec::size(model.particle_inv_mass)); }
  Position* x() { return Exec::data(state.particle_x); }
  const Vec3* v() const { return Exec::data(state.particle_v); }
  const Position* xn() const { return Exec::data(x_prev); }
  const Real* w() const { return Exec::data(model.particle_inv_mass); }
  const Real* radius() const { return Exec::data(model.particle_radius); }
};

// One substep as the families' hooks see it.
struct Substep {
  const Settings& settings;
  Real h;             // Δt_s [s]
  Real fraction;      // (s + 1) / n: how far through the frame this substep ends [-]
  int index;          // s, from 0
  int iteration = 0;  // of the XPBD passes (Algorithm 1 lines 6-9), the one projecting now, from 0

  bool first() const { return index == 0; }
  bool last() const { return index + 1 == settings.substeps; }
  // Whether XPBD passes run this substep: then the first one starts from λ = 0 and writes λ = Δλ, which
  // is Algorithm 1 line 5's reset without a pass of its own over the multipliers.
  bool passes_reset_multipliers() const {
    return settings.integrator == Integrator::Xpbd && settings.iterations > 0;
  }
  // The substep's first projection of its constraints (an XPBD pass, or a force-based step's one
  // projection of the contacts): where what no iteration changes, computed from xⁿ, is found and kept.
  bool first_pass() const { return iteration == 0; }
  // The pass that starts from λ = 0: the first XPBD pass when passes_reset_multipliers().
  bool fresh_pass() const { return passes_reset_multipliers() && first_pass(); }
};

}  // namespace SIM_PRECISION
}  // namespace sim
