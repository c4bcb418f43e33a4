// How a frame's device operations are sent on CUDA (Settings::cuda_launch): the choice, declared below the
// execution policies that carry it out (exec/cuda_exec.cuh) and the settings that name it.
#pragma once

namespace sim {
inline namespace SIM_PRECISION {

// How the CUDA backend sends a frame's device operations (exec/cuda_graph.cuh): graph, CUDA graphs of one
// kernel a stage and one cooperative grid a Gauss-Seidel sweep; plain, a launch a stage and a colour, the
// launches graphs are built from, and the one a kernel profile can take apart; auto, graph. Graph was the
// fastest on every scene and size gpu-check measured, small and large (NVIDIA H200,
// bench/results/nvidia-h200-2026-11-27.md): the one-block programs and cooperative fused grids that were
// also offered never won a case (chain 20 at 100 × 1: graph 0.59 ms, program 0.70; capsule stack 6.3
// against 8.4; rigid chain 100 at 1 × 500 8.7 against 12.0; the cloths: fused 1.7-1.9× graph) and are gone
// (issue 51 item 4). The same bits either way; the CPU runs the same loops whatever is chosen.
enum class CudaLaunch { Auto, Graph, Plain };

// The way a frame is sent: `asked`, with auto resolved.
inline CudaLaunch resolved_launch(CudaLaunch asked) {
  return asked == CudaLaunch::Auto ? CudaLaunch::Graph : asked;
}

}  // namespace SIM_PRECISION
}  // namespace sim
