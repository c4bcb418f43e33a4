// Window: a GLFW window with an OpenGL 4.5 core context (loaded by glad) and a Dear ImGui context on
// it, whose renderer only a visible window starts (it draws the panels). A hidden window serves headless
// recording: without a display, an EGL context rendering into a pbuffer (viewer/egl_context.h), which takes
// no input; under Xvfb, a hidden GLFW window. Construction throws
// WindowError with the reason (no display, no EGL, no GL 4.5) so callers can report it and exit cleanly.
#pragma once

#include <glm/glm.hpp>
#include <memory>
#include <stdexcept>
#include <string>

struct GLFWwindow;

namespace app {

class EglContext;

// Where the window delivers input that the UI did not take. Pixels in framebuffer units, origin top-left;
// keys and buttons are GLFW codes.
class InputSink {
 public:
  virtual ~InputSink() = default;
  virtual void mouse_button(int button, bool pressed, glm::vec2 cursor_px) = 0;
  virtual void cursor_moved(glm::vec2 cursor_px) = 0;
  virtual void scrolled(float steps) = 0;
  virtual void key_pressed(int key) = 0;
};

struct WindowError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Window {
 public:
  Window(int width_px, int height_px, const std::string& title, bool visible);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  void set_input(InputSink* sink) { sink_ = sink; }
  void poll_events() const;
  void wait_events(double timeout_s) const;  // until an event arrives or timeout_s [s] has passed
  void wake() const;  // ends a wait_events under way (or the next); callable from any thread
  bool should_close() const;
  void framebuffer_size(int& width_px, int& height_px) const;
  void begin_ui() const;  // new ImGui frame; throws WindowError where no panel is drawn (not visible)
  void end_ui() const;    // render ImGui over the window
  void swap() const;
  std::string gl_renderer()
      const;  // e.g. "llvmpipe (LLVM 15.0.6, 256 bits)", and ", through EGL" without a display

 private:
  static Window& of(GLFWwindow* w);
  void install_callbacks();
  glm::vec2 to_framebuffer_px(double x, double y) const;
  void load_gl(void* (*proc_address)(const char*));
  GLFWwindow* window_ = nullptr;      // null without a display
  bool ui_ = false;                   // ImGui's renderer started: a visible window, which draws the panels
  std::unique_ptr<EglContext> egl_;   // the context when there is no display
  int width_px_ = 0, height_px_ = 0;  // the EGL pbuffer's size
  InputSink* sink_ = nullptr;
};

// Whether frames can be rendered without a display here (an EGL context opens); `why` says why not.
bool headless_rendering_available(std::string& why);

// True when an X11 or Wayland display is named in the environment.
bool display_available();

}  // namespace app
