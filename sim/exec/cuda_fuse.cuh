// ProgramFuser: turns each run of consecutive stages of a queued segment (exec/cuda_graph.cuh) into one
// program kernel (exec/cuda_program.cuh; Settings::cuda_launch program or fused). A stage fuses when it is
// a loop of a functor (CudaExec::parallel_for, a colour of a sweep), a zeroing or a copy; reductions and
// cooperative sweeps stay kernels of their own. The program's steps and arguments live in device memory
// kept per segment of the frame, uploaded only when their bytes changed, so a frame like the last one
// replays its graph with nothing copied.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "exec/cuda_node.cuh"
#include "exec/cuda_program.cuh"
#include "exec/cuda_sweep.cuh"

namespace sim {

class ProgramFuser {
 public:
  static constexpr int kBlock = kProgramBlock;  // threads a block of a program

  ProgramFuser() = default;
  ProgramFuser(const ProgramFuser&) = delete;
  ProgramFuser& operator=(const ProgramFuser&) = delete;
  ~ProgramFuser() {
    for (Memory& m : memory_) cudaFree(m.device);
  }

  // nodes, with every run of two or more fusable nodes replaced by one program: one block (one_block) or a
  // cooperative grid of the blocks resident at once.
  void fuse(std::vector<QueuedNode>& nodes, size_t segment, bool one_block) {
    std::vector<QueuedNode> out;
    std::vector<ProgramStep> steps;
    std::vector<unsigned char> args;
    std::vector<Program> programs;
    for (size_t i = 0; i < nodes.size();) {
      size_t j = i;
      while (j < nodes.size() && fusable(nodes[j])) ++j;
      if (j - i < 2) {
        out.push_back(std::move(nodes[i]));
        i = std::max(j, i + 1);
        continue;
      }
      Program p{out.size(), steps.size(), int(j - i), 0};
      for (; i < j; ++i) p.largest = std::max(p.largest, add_step(nodes[i], steps, args));
      programs.push_back(p);
      out.emplace_back();
    }
    if (!programs.empty()) {
      const size_t steps_bytes = (steps.size() * sizeof(ProgramStep) + 15) / 16 * 16;
      std::vector<unsigned char> bytes(steps_bytes + args.size());
      std::memcpy(bytes.data(), steps.data(), steps.size() * sizeof(ProgramStep));
      std::memcpy(bytes.data() + steps_bytes, args.data(), args.size());
      unsigned char* base = upload(segment, bytes);
      for (const Program& p : programs) out[p.node] = program_node(p, base, steps_bytes, one_block);
    }
    nodes = std::move(out);
  }

 private:
  struct Memory {
    unsigned char* device = nullptr;
    size_t capacity = 0;
    std::vector<unsigned char> uploaded;  // what the device holds
  };
  struct Program {
    size_t node;        // its place among the output nodes
    size_t first_step;  // its steps in the table
    int steps;
    long long largest;  // items of its largest step
  };

  static bool fusable(const QueuedNode& n) {
    return n.kind != QueuedNode::Kind::Kernel || (n.program_run != nullptr && !n.cooperative);
  }

  // Appends node's step (its arguments at a 16-byte boundary); returns its items.
  long long add_step(const QueuedNode& n, std::vector<ProgramStep>& steps, std::vector<unsigned char>& args) {
    ProgramStep s;
    std::memset(&s, 0, sizeof s);  // padding too: the uploaded bytes are compared
    if (n.kind == QueuedNode::Kind::Kernel) {
      s.kind = ProgramStep::Items;
      s.run = n.program_run;
      s.args = (args.size() + 15) / 16 * 16;
      args.resize(s.args + n.args.size());
      std::memcpy(args.data() + s.args, n.args.data(), n.args.size());
      steps.push_back(s);
      int items = 0;
      std::memcpy(&items, n.args.data(), sizeof items);
      return items;
    }
    s.kind = n.kind == QueuedNode::Kind::Copy ? ProgramStep::Copy : ProgramStep::Zero;
    s.dst = n.dst;
    s.src = n.src;
    s.bytes = n.bytes;
    steps.push_back(s);
    return static_cast<long long>(n.bytes);
  }

  QueuedNode program_node(const Program& p, unsigned char* base, size_t steps_bytes, bool one_block) {
    QueuedNode node;
    node.func = reinterpret_cast<const void*>(&program_kernel);
    node.block = dim3(kBlock);
    const long long wanted = (p.largest + kBlock - 1) / kBlock;
    const int blocks = one_block ? 1 : int(std::max(1LL, std::min<long long>(resident_blocks(), wanted)));
    node.grid = dim3(blocks);
    node.cooperative = blocks > 1;
    node.pack(reinterpret_cast<const ProgramStep*>(base) + p.first_step);
    node.pack(p.steps);
    node.pack(static_cast<const unsigned char*>(base + steps_bytes));
    return node;
  }

  // The segment's program memory holding `bytes`, copied there when they changed.
  unsigned char* upload(size_t segment, const std::vector<unsigned char>& bytes) {
    if (memory_.size() <= segment) memory_.resize(segment + 1);
    Memory& m = memory_[segment];
    if (m.uploaded == bytes) return m.device;
    if (m.capacity < bytes.size()) {
      cudaFree(m.device);
      m.capacity = std::max(bytes.size(), 2 * m.capacity);
      cuda_check(cudaMalloc(&m.device, m.capacity), "program memory");
    }
    cuda_check(cudaMemcpyAsync(m.device, bytes.data(), bytes.size(), cudaMemcpyHostToDevice),
               "program upload");
    ++cuda_host_calls;
    m.uploaded = bytes;
    return m.device;
  }

  // Blocks of program_kernel resident on the device at once (0 without cooperative launches: one block).
  static int resident_blocks() {
    static const int blocks = [] {
      int per_sm = 0;
      cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, program_kernel, kBlock, 0),
                 "occupancy");
      return std::max(1, per_sm) * cooperative_multiprocessors();
    }();
    return std::max(1, blocks);
  }

  std::vector<Memory> memory_;  // per segment of the frame
};

}  // namespace sim
