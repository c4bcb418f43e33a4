// Built with CUDA only (render/CMakeLists.txt); cuda_gl_buffers_absent.cpp stands in otherwise.
#include "render/cuda_gl_buffers.h"

#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <stdexcept>

namespace render {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("CUDA-GL interop: ") + what + ": " + cudaGetErrorString(e));
}

}  // namespace

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

CudaGlBuffers::~CudaGlBuffers() {
  for (void* r : resources_) cudaGraphicsUnregisterResource(cudaGraphicsResource_t(r));
}

std::vector<void*> CudaGlBuffers::map() {
  std::vector<cudaGraphicsResource_t> all;
  for (void* r : resources_) all.push_back(cudaGraphicsResource_t(r));
  check(cudaGraphicsMapResources(int(all.size()), all.data(), 0), "map");
  std::vector<void*> pointers;
  for (cudaGraphicsResource_t r : all) {
    void* p = nullptr;
    size_t bytes = 0;
    check(cudaGraphicsResourceGetMappedPointer(&p, &bytes, r), "mapped pointer");
    pointers.push_back(p);
  }
  return pointers;
}

void CudaGlBuffers::unmap() {
  std::vector<cudaGraphicsResource_t> all;
  for (void* r : resources_) all.push_back(cudaGraphicsResource_t(r));
  check(cudaGraphicsUnmapResources(int(all.size()), all.data(), 0), "unmap");  // after the writes finish
}

}  // namespace render
