// CudaGlBuffers: OpenGL buffers registered with CUDA (cudaGraphicsGLRegisterBuffer), so that the CUDA
// backend writes the drawn vertices straight into them: no host round trip (issue 11). Registration
// fails where OpenGL does not run on an NVIDIA device (Mesa's llvmpipe under Xvfb, say) and in builds
// without CUDA; available() is then false, why_not() says why, and the caller writes through host memory.
#pragma once

#include <string>
#include <vector>

#include "render/gl.h"

namespace render {

class CudaGlBuffers {
 public:
  explicit CudaGlBuffers(const std::vector<GLuint>& buffers);  // registers them, write-only for CUDA
  ~CudaGlBuffers();
  CudaGlBuffers(const CudaGlBuffers&) = delete;
  CudaGlBuffers& operator=(const CudaGlBuffers&) = delete;

  bool available() const { return why_not_.empty(); }
  const std::string& why_not() const { return why_not_; }
  // The buffers mapped for CUDA, as device pointers in the order given; unmap() before OpenGL uses them.
  // Empty when mapping failed: interop is then given up (unregistered; why_not() says why).
  std::vector<void*> map();
  void unmap() noexcept;  // a failure gives interop up rather than throw

 private:
  void give_up(const std::string& why) noexcept;

  std::vector<void*> resources_;  // cudaGraphicsResource_t
  bool mapped_ = false;
  std::string why_not_;
};

}  // namespace render
