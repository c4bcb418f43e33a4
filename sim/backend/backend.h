// Backend selection: --backend auto|cpu|cuda. auto picks CUDA when this build has it and a device is
// present, otherwise the CPU, and says which and why.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "solver/solver.h"

namespace sim {

enum class BackendKind { Auto, Cpu, Cuda };

// Thrown when the requested backend cannot run here (e.g. --backend cuda without a device).
struct BackendUnavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CudaAvailability {
  bool available;
  std::string detail;  // device name, or why there is none
};

struct SelectedBackend {
  std::unique_ptr<Solver> solver;
  BackendKind kind;         // Cpu or Cuda, never Auto
  std::string description;  // e.g. "cpu (OpenMP, 2 threads; no CUDA device: ...)"
};

CudaAvailability cuda_availability();
// `host_only`, when not empty, says why the run needs the host (a CPU-only solver its settings ask for):
// auto then chooses the CPU, saying so; an explicit request stays as asked.
SelectedBackend select_backend(BackendKind requested, const std::string& host_only = "");
// Whether select_backend(requested) would choose CUDA (scenes size their defaults by it).
bool runs_on_cuda(BackendKind requested);
const char* backend_name(BackendKind kind);
BackendKind parse_backend(const std::string& name);  // throws std::invalid_argument naming the choices

std::unique_ptr<Solver> make_cpu_solver();
std::unique_ptr<Solver> make_cuda_solver();  // only where cuda_availability().available

}  // namespace sim
