// How a frame's device operations are sent on CUDA (Settings::cuda_launch): the choice, declared below the
// execution policies that carry it out (exec/cuda_exec.cuh) and the settings that name it.
#pragma once

namespace sim {

// How the CUDA backend sends a frame's device operations (exec/cuda_graph.cuh, exec/cuda_program.cuh):
// program, each stretch between read-backs as one kernel whose one block runs the stages one after another;
// fused, the same stretches as one cooperative grid per stretch; graph, CUDA graphs of one kernel a stage
// and one cooperative grid a Gauss-Seidel sweep; plain, a launch a stage and a colour; auto,
// graph: measured the fastest of the five on every scene and size of gpu-check, small and large (NVIDIA H200,
// bench/results/nvidia-h200-2026-11-27.md: chain 20 at 100 × 1 0.59 ms against program's 0.70, capsule stack
// 6.3 against 8.4, rigid chain 100 at 1 × 500 8.7 against 12.0). The same bits every way; the CPU runs the
// same loops whatever is chosen.
enum class CudaLaunch { Auto, Program, Fused, Graph, Plain };

// The way a frame is sent: `asked`, with auto resolved.
inline CudaLaunch resolved_launch(CudaLaunch asked) {
  return asked == CudaLaunch::Auto ? CudaLaunch::Graph : asked;
}

}  // namespace sim
