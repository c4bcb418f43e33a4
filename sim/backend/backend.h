// Backend selection: --backend auto|cpu|cuda. auto picks CUDA when this build has it, a device is present
// and this build carries a kernel image the device can run (its own SASS, or PTX it can JIT), otherwise the
// CPU, and says which and why.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "solver/solver.h"

namespace sim {
inline namespace SIM_PRECISION {

enum class BackendKind { Auto, Cpu, Cuda };

// Thrown when the requested backend cannot run here (e.g. --backend cuda without a device).
struct BackendUnavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CudaAvailability {
  bool available;
  std::string detail;     // "device name, sm_XY", or why CUDA cannot run here
  std::string built_for;  // the architectures this build's kernels were compiled for ("" without CUDA)
};

// What the CUDA runtime says about device 0, gathered by cuda_availability() and judged by
// judge_cuda_device() (host code, so that a test can force any answer).
struct CudaDeviceProbe {
  std::string runtime_error;  // cudaGetDeviceCount's error, "" when it succeeded
  int count = 0;
  std::string name;           // device 0
  int compute_capability = 0;  // major × 10 + minor (86 = sm_86)
  bool kernel_image = false;   // whether a kernel of this build loads on device 0
  std::string built_for;
};
CudaAvailability judge_cuda_device(const CudaDeviceProbe& probe);

struct SelectedBackend {
  std::unique_ptr<Solver> solver;
  BackendKind kind;         // Cpu or Cuda, never Auto
  std::string description;  // e.g. "cpu (OpenMP, 2 threads; no CUDA device: ...)"
};

CudaAvailability cuda_availability();
// `prefer_cpu`, when not empty, says why the run should take the host (a CPU-only solver its settings ask
// for, a scene below the crossover of backend/crossover.h): auto then chooses the CPU, saying so; an
// explicit request stays as asked.
SelectedBackend select_backend(BackendKind requested, const std::string& prefer_cpu = "");
// The same choice given an availability (tests force one); makes the solver it chose.
SelectedBackend select_backend(BackendKind requested, const std::string& prefer_cpu, const CudaAvailability& cuda);
// Whether select_backend(requested) would choose CUDA for a scene at or above the crossover (scenes size their
// device defaults by it, before they are built; a small scene built with them may still run on the CPU).
bool runs_on_cuda(BackendKind requested);
const char* backend_name(BackendKind kind);
BackendKind parse_backend(const std::string& name);  // throws std::invalid_argument naming the choices

// What the CUDA backend computes in: "float" (the default build: the float core beside the double one,
// backend/float_bridge.h) or "double"; "" without a CUDA backend.
const char* cuda_scalar();

std::unique_ptr<Solver> make_cpu_solver();
std::unique_ptr<Solver> make_cuda_solver();  // only where cuda_availability().available

}  // namespace SIM_PRECISION
}  // namespace sim
