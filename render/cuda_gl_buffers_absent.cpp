// CudaGlBuffers in a build without CUDA: never available.
#include "render/cuda_gl_buffers.h"

namespace render {

CudaGlBuffers::CudaGlBuffers(const std::vector<GLuint>&) : why_not_("this build has no CUDA") {}
CudaGlBuffers::~CudaGlBuffers() = default;
std::vector<void*> CudaGlBuffers::map() { return {}; }
void CudaGlBuffers::unmap() noexcept {}
void CudaGlBuffers::give_up(const std::string&) noexcept {}

}  // namespace render
