// LaunchQueue: a frame's device work on the CUDA backend, queued as nodes and sent as CUDA graphs (issue 39
// item 1). While a queue is active (CudaExec::FrameLaunches), every kernel launch, memset and device copy of
// CudaExec becomes a node of the pending segment; anything that must wait for the device (a read, a scan by
// cub, an event, a reallocation) first sends the pending segment. A frame is therefore one graph, or a few
// where it reads back between stages (contact counts after detection).
//
// A segment is sent by replaying a cached executable graph: segments are cached by their topology (the
// kinds, kernels and order of their nodes), several per position in the frame, so a count of substeps that
// changes from frame to frame under adaptive substepping (Giles & Andrews 2024, Algorithm 1) reuses the graph
// of each N once built. Only the nodes whose parameters changed since the cached graph last ran are updated
// (cudaGraphExec*SetParams); a segment of fewer than kMinGraphNodes runs as plain launches.
#pragma once

#include <cuda_runtime.h>

#include <cstring>
#include <list>
#include <vector>

#include "exec/cuda_node.cuh"

namespace sim {
inline namespace SIM_PRECISION {

class LaunchQueue {
  using Node = QueuedNode;
  using Kind = QueuedNode::Kind;
  struct Cached {
    std::vector<Node> nodes;  // as last sent
    std::vector<cudaGraphNode_t> handles;
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;
  };

 public:
  static constexpr size_t kMinGraphNodes = 4;  // fewer: launched directly, a graph costs more
  static constexpr size_t kGraphsPerSegment = 16;

  LaunchQueue() = default;
  LaunchQueue(const LaunchQueue&) = delete;
  LaunchQueue& operator=(const LaunchQueue&) = delete;
  ~LaunchQueue() {
    for (auto& slot : cache_)
      for (Cached& c : slot) release(c);
  }

  // A kernel node: func(args...) on grid × block, cooperative (grid-synchronised) or not.
  template <class... Args>
  void kernel(const void* func, dim3 grid, dim3 block, bool cooperative, const Args&... args) {
    Node node;
    node.kind = Kind::Kernel;
    node.func = func;
    node.grid = grid;
    node.block = block;
    node.cooperative = cooperative;
    (node.pack(args), ...);
    pending_.push_back(std::move(node));
  }
  void memset(void* dst, size_t bytes) {
    Node node;
    node.kind = Kind::Memset;
    node.dst = dst;
    node.bytes = bytes;
    pending_.push_back(std::move(node));
  }
  void copy(void* dst, const void* src, size_t bytes) {
    Node node;
    node.kind = Kind::Copy;
    node.dst = dst;
    node.src = src;
    node.bytes = bytes;
    pending_.push_back(std::move(node));
  }

  // Sends the pending segment to the device (the default stream) and starts the next one.
  void flush() {
    if (pending_.empty()) return;
    std::vector<Node> work;  // taken first: a launch that throws leaves nothing queued to be sent twice
    work.swap(pending_);
    nodes_ += static_cast<long long>(work.size());
    if (work.size() < kMinGraphNodes) {
      for (Node& n : work) launch_direct(n);
      cuda_host_calls += static_cast<long long>(work.size());
    } else {
      launch_graph(work);
      ++graph_launches_;
      ++cuda_host_calls;
    }
    ++segment_;
  }
  // A new frame: segments count from the first again.
  void begin_frame() {
    pending_.clear();  // what a frame that threw left behind
    segment_ = 0;
    nodes_ = 0;
    graph_launches_ = 0;
  }
  long long nodes() const { return nodes_; }                    // sent this frame
  long long graph_launches() const { return graph_launches_; }  // of them, whole graphs

 private:
  static void launch_direct(Node& n);

  static void release(Cached& c) {
    if (c.exec) cudaGraphExecDestroy(c.exec);
    if (c.graph) cudaGraphDestroy(c.graph);
  }

  static bool matches(const Cached& c, const std::vector<Node>& nodes) {
    if (c.nodes.size() != nodes.size()) return false;
    for (size_t i = 0; i < nodes.size(); ++i)
      if (!nodes[i].same_topology(c.nodes[i])) return false;
    return true;
  }

  void launch_graph(std::vector<Node>& nodes);
  static void build(Cached& c, std::vector<Node>& nodes);
  static void update(Cached& c, std::vector<Node>& nodes);

  std::vector<Node> pending_;
  std::vector<std::list<Cached>> cache_;  // per segment of a frame, most recently used first
  size_t segment_ = 0;
  long long nodes_ = 0;
  long long graph_launches_ = 0;
};

inline void LaunchQueue::launch_direct(Node& n) {
  switch (n.kind) {
    case Kind::Kernel: {
      std::vector<void*> p = n.parameters();
      if (n.cooperative)
        cuda_check(cudaLaunchCooperativeKernel(n.func, n.grid, n.block, p.data(), 0, 0),
                   "cooperative launch");
      else
        cuda_check(cudaLaunchKernel(n.func, n.grid, n.block, p.data(), 0, 0), "kernel launch");
      break;
    }
    case Kind::Memset:
      cuda_check(cudaMemsetAsync(n.dst, 0, n.bytes), "memset");
      break;
    case Kind::Copy:
      cuda_check(cudaMemcpyAsync(n.dst, n.src, n.bytes, cudaMemcpyDeviceToDevice), "copy");
      break;
  }
}

inline void LaunchQueue::launch_graph(std::vector<Node>& nodes) {
  if (cache_.size() <= segment_) cache_.resize(segment_ + 1);
  std::list<Cached>& slot = cache_[segment_];
  auto hit = slot.begin();
  while (hit != slot.end() && !matches(*hit, nodes)) ++hit;
  if (hit == slot.end()) {
    Cached built;
    try {
      build(built, nodes);
    } catch (...) {
      release(built);
      throw;
    }
    if (slot.size() == kGraphsPerSegment) {
      release(slot.back());
      slot.pop_back();
    }
    slot.push_front(std::move(built));
  } else {
    slot.splice(slot.begin(), slot, hit);
    update(slot.front(), nodes);
  }
  cuda_check(cudaGraphLaunch(slot.front().exec, 0), "graph launch");
}

// A chain of the pending nodes, each after the one before, instantiated once.
inline void LaunchQueue::build(Cached& c, std::vector<Node>& nodes) {
  cuda_check(cudaGraphCreate(&c.graph, 0), "graph create");
  c.handles.resize(nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    Node& n = nodes[i];
    const cudaGraphNode_t* dep = i > 0 ? &c.handles[i - 1] : nullptr;
    const size_t deps = i > 0 ? 1 : 0;
    cudaGraphNode_t& h = c.handles[i];
    if (n.kind == Kind::Kernel) {
      std::vector<void*> p = n.parameters();
      const cudaKernelNodeParams kp = n.kernel_params(p);
      cuda_check(cudaGraphAddKernelNode(&h, c.graph, dep, deps, &kp), "graph kernel node");
      if (n.cooperative) {
        cudaLaunchAttributeValue v{};
        v.cooperative = 1;
        cuda_check(cudaGraphKernelNodeSetAttribute(h, cudaLaunchAttributeCooperative, &v),
                   "cooperative node");
      }
    } else if (n.kind == Kind::Memset) {
      const cudaMemsetParams mp = n.memset_params();
      cuda_check(cudaGraphAddMemsetNode(&h, c.graph, dep, deps, &mp), "graph memset node");
    } else {
      cuda_check(
          cudaGraphAddMemcpyNode1D(&h, c.graph, dep, deps, n.dst, n.src, n.bytes, cudaMemcpyDeviceToDevice),
          "graph copy node");
    }
  }
  cuda_check(cudaGraphInstantiate(&c.exec, c.graph, 0), "graph instantiate");
  c.nodes = nodes;
}

// The cached graph with this segment's parameters: only the nodes that differ are set.
inline void LaunchQueue::update(Cached& c, std::vector<Node>& nodes) {
  for (size_t i = 0; i < nodes.size(); ++i) {
    Node& n = nodes[i];
    if (n.same_parameters(c.nodes[i])) continue;
    if (n.kind == Kind::Kernel) {
      std::vector<void*> p = n.parameters();
      const cudaKernelNodeParams kp = n.kernel_params(p);
      cuda_check(cudaGraphExecKernelNodeSetParams(c.exec, c.handles[i], &kp), "graph kernel update");
    } else if (n.kind == Kind::Memset) {
      const cudaMemsetParams mp = n.memset_params();
      cuda_check(cudaGraphExecMemsetNodeSetParams(c.exec, c.handles[i], &mp), "graph memset update");
    } else {
      cuda_check(cudaGraphExecMemcpyNodeSetParams1D(c.exec, c.handles[i], n.dst, n.src, n.bytes,
                                                    cudaMemcpyDeviceToDevice),
                 "graph copy update");
    }
    c.nodes[i] = n;
  }
}

}  // namespace SIM_PRECISION
}  // namespace sim
