// The CPU backend: Algorithm 1 (solver/xpbd_solver.inl) instantiated with OpenMP execution.
#include "backend/backend.h"
#include "backend/cpu_exec.h"
#include "solver/xpbd_solver.inl"

namespace sim {

std::unique_ptr<Solver> make_cpu_solver() { return std::make_unique<XpbdSolver<CpuExec>>(); }

}  // namespace sim
