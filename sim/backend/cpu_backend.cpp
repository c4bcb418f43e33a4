// The CPU backend: the solver (solver/backend_solver.h) instantiated with OpenMP execution.
#include "backend/backend.h"
#include "exec/cpu_exec.h"
#include "solver/backend_solver.h"

namespace sim {
inline namespace SIM_PRECISION {

std::unique_ptr<Solver> make_cpu_solver() { return std::make_unique<BackendSolver<CpuExec>>(); }

}  // namespace SIM_PRECISION
}  // namespace sim
