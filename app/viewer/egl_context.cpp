#include "viewer/egl_context.h"

#include <glad/egl.h>

#include <cstdio>
#include <string>
#include <vector>

#include "viewer/window.h"

namespace app {
namespace {

std::string egl_error(const char* what) {
  char code[16];
  std::snprintf(code, sizeof code, "0x%04x", unsigned(eglGetError()));
  return std::string(what) + " failed (EGL error " + code + ")";
}

bool has_extension(const char* list, const std::string& name) {
  if (!list) return false;
  const std::string text = std::string(" ") + list + " ";
  return text.find(" " + name + " ") != std::string::npos;
}

// The displays to try, best first: the NVIDIA device, the other devices, Mesa's surfaceless platform.
std::vector<std::pair<EGLDisplay, std::string>> candidate_displays() {
  std::vector<std::pair<EGLDisplay, std::string>> out;
  if (eglQueryDevicesEXT && eglGetPlatformDisplayEXT) {
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (eglQueryDevicesEXT(16, devices, &count)) {
      std::vector<std::pair<EGLDisplay, std::string>> others;
      for (EGLint i = 0; i < count; ++i) {
        const char* ext =
            eglQueryDeviceStringEXT ? eglQueryDeviceStringEXT(devices[i], EGL_EXTENSIONS) : nullptr;
        const bool nvidia = has_extension(ext, "EGL_NV_device_cuda");
        const EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (d == EGL_NO_DISPLAY) continue;
        const std::string name = nvidia ? "NVIDIA (EGL device)"
                                 : has_extension(ext, "EGL_MESA_device_software")
                                     ? "Mesa software (EGL device)"
                                     : "EGL device";
        (nvidia ? out : others).push_back({d, name});
      }
      out.insert(out.end(), others.begin(), others.end());
    }
  }
  if (eglGetPlatformDisplayEXT) {
    const EGLDisplay d =
        eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY) out.push_back({d, "Mesa surfaceless (EGL)"});
  }
  return out;
}

}  // namespace

EglContext::EglContext(int width_px, int height_px) {
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
    throw WindowError("no EGL library (libEGL.so.1) to render without a display");
  std::string failures;
  for (const auto& [display, name] : candidate_displays()) {
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) {
      failures += "; " + name + ": " + egl_error("eglInitialize");
      continue;
    }
    gladLoaderLoadEGL(display);  // the display's version and extensions
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE,
                                        EGL_PBUFFER_BIT,
                                        EGL_RENDERABLE_TYPE,
                                        EGL_OPENGL_BIT,
                                        EGL_RED_SIZE,
                                        8,
                                        EGL_GREEN_SIZE,
                                        8,
                                        EGL_BLUE_SIZE,
                                        8,
                                        EGL_ALPHA_SIZE,
                                        8,
                                        EGL_DEPTH_SIZE,
                                        24,
                                        EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configs = 0;
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                         4,
                                         EGL_CONTEXT_MINOR_VERSION,
                                         5,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                         EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                         EGL_NONE};
    const EGLint surface_attributes[] = {EGL_WIDTH, width_px, EGL_HEIGHT, height_px, EGL_NONE};
    EGLContext context = EGL_NO_CONTEXT;
    EGLSurface surface = EGL_NO_SURFACE;
    std::string problem;
    if (!eglChooseConfig(display, config_attributes, &config, 1, &configs) || configs < 1)
      problem = "no RGBA8 pbuffer configuration with a depth buffer";
    else if (!eglBindAPI(EGL_OPENGL_API))
      problem = egl_error("eglBindAPI(OpenGL)");
    else if ((context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes)) ==
             EGL_NO_CONTEXT)
      problem = egl_error("an OpenGL 4.5 core context");
    else if ((surface = eglCreatePbufferSurface(display, config, surface_attributes)) == EGL_NO_SURFACE)
      problem = egl_error("a pbuffer surface");
    else if (!eglMakeCurrent(display, surface, surface, context))
      problem = egl_error("eglMakeCurrent");
    if (problem.empty()) {
      display_ = display;
      context_ = context;
      surface_ = surface;
      device_ = name;
      return;
    }
    if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
    if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
    eglTerminate(display);
    failures += "; " + name + ": " + problem;
  }
  throw WindowError("cannot render without a display through EGL" +
                    (failures.empty() ? std::string(": no EGL device or surfaceless platform") : failures));
}

// The display stays initialised and libEGL loaded until the process ends: a driver unloaded or terminated
// midway (Mesa's) leaves what it allocated unreachable, which leak checkers report as the program's.
EglContext::~EglContext() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroySurface(display_, surface_);
  eglDestroyContext(display_, context_);
}

void EglContext::swap() const { eglSwapBuffers(display_, surface_); }

void* EglContext::proc_address(const char* name) { return reinterpret_cast<void*>(eglGetProcAddress(name)); }

}  // namespace app
