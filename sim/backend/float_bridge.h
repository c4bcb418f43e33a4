// A Solver of the double core that runs its frames in the float core built beside it (backend/float_core.h,
// issue 51 item 0): the CUDA backend's default, and the CPU's when a float run is asked for.
#pragma once

#include <memory>

#include "solver/solver.h"

namespace sim {
inline namespace SIM_PRECISION {

// cuda: the float core's CUDA backend (only where cuda_availability() says available), else its CPU one.
std::unique_ptr<Solver> make_float_solver(bool cuda);

}  // namespace SIM_PRECISION
}  // namespace sim
