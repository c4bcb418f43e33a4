// How a frame's device operations are sent on CUDA (Settings::cuda_launch): the choice, declared below the
// execution policies that carry it out (exec/cuda_exec.cuh) and the settings that name it.
#pragma once

namespace sim {

// How the CUDA backend sends a frame's device operations (exec/cuda_graph.cuh, exec/cuda_program.cuh):
// program, each stretch between read-backs as one kernel whose one block runs the stages one after another
// (small scenes); fused, the same stretches as one cooperative grid per stretch; graph, CUDA graphs of one
// kernel a stage and one cooperative grid a Gauss-Seidel sweep; plain, a launch a stage and a colour; auto,
// program when the last frame's largest stage had at most kProgramItems items, graph otherwise. The same
// bits every way; the CPU runs the same loops whatever is chosen.
enum class CudaLaunch { Auto, Program, Fused, Graph, Plain };
inline constexpr int kProgramItems = 4096;

// The way a frame is sent: `asked`, with auto resolved by the last frame's largest stage (0: no frame yet).
inline CudaLaunch resolved_launch(CudaLaunch asked, long long largest_items) {
  if (asked != CudaLaunch::Auto) return asked;
  return largest_items > 0 && largest_items <= kProgramItems ? CudaLaunch::Program : CudaLaunch::Graph;
}

}  // namespace sim
