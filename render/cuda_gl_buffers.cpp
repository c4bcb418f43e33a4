// Built with CUDA only (render/CMakeLists.txt); cuda_gl_buffers_absent.cpp stands in otherwise.
#include "render/cuda_gl_buffers.h"

#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

namespace render {

CudaGlBuffers::CudaGlBuffers(const std::vector<GLuint>& buffers) {
  for (const GLuint b : buffers) {
    cudaGraphicsResource_t r = nullptr;
    const cudaError_t e = cudaGraphicsGLRegisterBuffer(&r, b, cudaGraphicsRegisterFlagsWriteDiscard);
    if (e != cudaSuccess) {
      cudaGetLastError();  // clear it, so the next launch does not report it
      why_not_ = std::string("cannot register an OpenGL buffer with CUDA (") + cudaGetErrorString(e) + ")";
      break;
    }
    resources_.push_back(r);
  }
  if (!available()) {
    for (void* r : resources_) cudaGraphicsUnregisterResource(cudaGraphicsResource_t(r));
    resources_.clear();
  }
}

CudaGlBuffers::~CudaGlBuffers() { give_up("released"); }

void CudaGlBuffers::give_up(const std::string& why) noexcept {
  std::vector<cudaGraphicsResource_t> all;
  for (void* r : resources_) all.push_back(cudaGraphicsResource_t(r));
  if (mapped_) cudaGraphicsUnmapResources(int(all.size()), all.data(), 0);
  for (cudaGraphicsResource_t r : all) cudaGraphicsUnregisterResource(r);
  cudaGetLastError();  // what failed here is reported by why_not(), not by the next launch
  resources_.clear();
  mapped_ = false;
  if (why_not_.empty()) why_not_ = why;
}

std::vector<void*> CudaGlBuffers::map() {
  std::vector<cudaGraphicsResource_t> all;
  for (void* r : resources_) all.push_back(cudaGraphicsResource_t(r));
  cudaError_t e = cudaGraphicsMapResources(int(all.size()), all.data(), 0);
  mapped_ = e == cudaSuccess;
  std::vector<void*> pointers;
  for (size_t k = 0; k < all.size() && e == cudaSuccess; ++k) {
    void* p = nullptr;
    size_t bytes = 0;
    e = cudaGraphicsResourceGetMappedPointer(&p, &bytes, all[k]);
    pointers.push_back(p);
  }
  if (e == cudaSuccess) return pointers;
  give_up(std::string("cannot map the OpenGL buffers for CUDA (") + cudaGetErrorString(e) + ")");
  return {};
}

void CudaGlBuffers::unmap() noexcept {
  std::vector<cudaGraphicsResource_t> all;
  for (void* r : resources_) all.push_back(cudaGraphicsResource_t(r));
  const cudaError_t e =
      cudaGraphicsUnmapResources(int(all.size()), all.data(), 0);  // after the writes finish
  mapped_ = e != cudaSuccess;
  if (e != cudaSuccess)
    give_up(std::string("cannot unmap the OpenGL buffers (") + cudaGetErrorString(e) + ")");
}

}  // namespace render
