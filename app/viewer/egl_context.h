// EglContext: an OpenGL 4.5 core context without a window system (issue 39 item 6), for `run --record` and
// `run --compare` where no display exists (a GPU machine without an X server, CI). EGL's device platform
// (EGL_EXT_platform_device) picks the NVIDIA GPU when one is there (its CUDA device: EGL_NV_device_cuda, so
// CUDA-GL interop keeps the drawn arrays on the GPU), otherwise the first device that initialises (Mesa's
// software device), then Mesa's surfaceless platform; it renders into a pbuffer of the frame's size. libEGL
// is opened at run time by glad's generated EGL loader, so a machine without it still runs headless.
// Construction throws WindowError with the reason.
#pragma once

#include <string>

namespace app {

class EglContext {
 public:
  EglContext(int width_px, int height_px);
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;

  void swap() const;
  const std::string& device() const { return device_; }  // what EGL rendered on, e.g. "NVIDIA (EGL device)"
  // The GL entry point `name` (glad's GLADloadfunc).
  static void* proc_address(const char* name);

 private:
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  void* surface_ = nullptr;  // EGLSurface
  std::string device_;
};

}  // namespace app
