// Where the GPU starts to pay (issue 51 item 5): --backend auto sends a scene below the measured crossover
// to the CPU, which steps it faster. Measured on the NVIDIA H200 machine against its own 16-core CPU, each
// scene at its paper setting (N substeps × 1 iteration), bench/results/nvidia-h200-2026-11-27.json;
// scripts/backend_crossover.py interpolates t_cuda / t_cpu on log-log axes between the largest scene the
// CPU wins and the smallest the GPU wins (bench/results/backend-crossover-nvidia-h200-2026-11-27.json):
//   particles: the chain of 20, CUDA 2.87× slower; the FEM beam's 3,321, CUDA 11× faster → 95
//   bodies:    the bridge of 21, CUDA 2.81× slower; the capsule stack's 61, CUDA 1.29× faster → 49
// Nothing was measured between those sizes; a desktop card against a desktop CPU moves the line.
#pragma once

#include <string>
#include <vector>

#include "metrics/report.h"

namespace sim {
inline namespace SIM_PRECISION {

struct BackendCrossover {
  int particles;  // below this many particles ...
  int bodies;     // ... and this many rigid bodies, the CPU is the faster backend
  const char* measured_on;
};

inline constexpr BackendCrossover kBackendCrossover{95, 49, "an NVIDIA H200 against its 16-core CPU"};

// "" when the GPU is expected to be the faster backend for a scene of this size, else why the CPU is
// ("20 particles and 0 bodies, below the crossover of 95 and 49 measured on ...").
std::string below_crossover(int particles, int bodies, const BackendCrossover& crossover = kBackendCrossover);
// The same for a model's sizes (registry/frame_metrics.h, model_sizes): its "particles" and "bodies".
std::string below_crossover(const std::vector<ModelSize>& sizes, const BackendCrossover& crossover = kBackendCrossover);

}  // namespace SIM_PRECISION
}  // namespace sim
