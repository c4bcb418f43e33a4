#include "viewer/window.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cstdio>
#include <cstdlib>

#include "render/gl.h"
#include "viewer/egl_context.h"
#include "viewer/pin_libraries.h"
// glad must precede GLFW's own GL header
#include <GLFW/glfw3.h>

namespace app {
namespace {

// DejaVu Sans (fonts-dejavu-core) with the Greek letters, combining marks (the ~ of α̃) and symbols the help uses (α, λ, μ, ±, ×,
// ≤, √...), where ImGui's built-in font draws "?" (issue 40 item 3); the built-in one where it is missing.
void load_ui_font() {
  static const ImWchar kRanges[] = {0x0020, 0x00FF, 0x0300, 0x036F, 0x0370, 0x03FF, 0x2010, 0x2044, 0x2070, 0x209F,
                                    0x2190, 0x21FF, 0x2200, 0x22FF, 0};
  const char* const kPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  if (FILE* f = std::fopen(kPath, "rb")) {
    std::fclose(f);
    ImGui::GetIO().Fonts->AddFontFromFileTTF(kPath, 15.0f, nullptr, kRanges);
  }
}

std::string last_glfw_error() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown GLFW error";
}

}  // namespace

bool display_available() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

bool headless_rendering_available(std::string& why) {
  try {
    EglContext probe(16, 16);
    return true;
  } catch (const WindowError& e) {
    why = e.what();
    return false;
  }
}

Window::Window(int width_px, int height_px, const std::string& title, bool visible) {
  if (!display_available()) {
    if (visible) throw WindowError("no display (DISPLAY is not set) to open the viewer's window on");
    egl_ = std::make_unique<EglContext>(width_px, height_px);
    width_px_ = width_px;
    height_px_ = height_px;
    load_gl(&EglContext::proc_address);
    return;  // without a display nothing is interactive: no panel is drawn, no ImGui renderer started
  }
  if (!glfwInit()) throw WindowError("cannot initialise GLFW: " + last_glfw_error());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
  window_ = glfwCreateWindow(width_px, height_px, title.c_str(), nullptr, nullptr);
  if (!window_) {
    const std::string reason = last_glfw_error();
    glfwTerminate();
    throw WindowError("cannot open an OpenGL 4.5 core window: " + reason);
  }
  glfwMakeContextCurrent(window_);
  try {
    load_gl([](const char* name) { return reinterpret_cast<void*>(glfwGetProcAddress(name)); });
  } catch (const WindowError&) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw;
  }
  glfwSwapInterval(visible ? 1 : 0);
  ImGui_ImplGlfw_InitForOpenGL(window_, false);
  // ImGui's OpenGL 3 backend loads GL through its own loader, which opens libGL.so.1 (glvnd's libgl1); a
  // hidden window (recording under Xvfb) draws no panel and starts none.
  if (visible) {
    ui_ = ImGui_ImplOpenGL3_Init("#version 450 core");
    if (!ui_) {
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
      glfwDestroyWindow(window_);
      glfwTerminate();
      throw WindowError("Dear ImGui's OpenGL 3 renderer cannot start: its loader found no usable libGL.so.1 "
                        "(Debian package libgl1)");
    }
  }
  install_callbacks();
}

// The GL entry points of the current context, and an ImGui context for it.
void Window::load_gl(void* (*proc_address)(const char*)) {
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(proc_address)))
    throw WindowError("cannot load the OpenGL 4.5 entry points");
  pin_loaded_libraries_for_leak_reports();
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  load_ui_font();
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 4.0f;
}

Window& Window::of(GLFWwindow* w) { return *static_cast<Window*>(glfwGetWindowUserPointer(w)); }

glm::vec2 Window::to_framebuffer_px(double x, double y) const {
  int ww = 1, wh = 1, fw = 1, fh = 1;
  glfwGetWindowSize(window_, &ww, &wh);
  glfwGetFramebufferSize(window_, &fw, &fh);
  return {float(x) * float(fw) / float(ww > 0 ? ww : 1), float(y) * float(fh) / float(wh > 0 ? wh : 1)};
}

// ImGui sees every event first (its 1.86 GLFW backend is fed by hand); the sink gets what the UI did not
// capture, and always gets button releases so a drag that ends over a panel still ends.
void Window::install_callbacks() {
  glfwSetWindowUserPointer(window_, this);
  glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int button, int action, int mods) {
    ImGui_ImplGlfw_MouseButtonCallback(w, button, action, mods);
    Window& self = of(w);
    if (!self.sink_ || (ImGui::GetIO().WantCaptureMouse && action == GLFW_PRESS)) return;
    double x = 0, y = 0;
    glfwGetCursorPos(w, &x, &y);
    self.sink_->mouse_button(button, action == GLFW_PRESS, self.to_framebuffer_px(x, y));
  });
  glfwSetCursorPosCallback(window_, [](GLFWwindow* w, double x, double y) {
    Window& self = of(w);
    if (self.sink_) self.sink_->cursor_moved(self.to_framebuffer_px(x, y));
  });
  glfwSetScrollCallback(window_, [](GLFWwindow* w, double dx, double dy) {
    ImGui_ImplGlfw_ScrollCallback(w, dx, dy);
    Window& self = of(w);
    if (self.sink_ && !ImGui::GetIO().WantCaptureMouse) self.sink_->scrolled(float(dy));
  });
  glfwSetKeyCallback(window_, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
    ImGui_ImplGlfw_KeyCallback(w, key, scancode, action, mods);
    Window& self = of(w);
    if (self.sink_ && action != GLFW_RELEASE && !ImGui::GetIO().WantCaptureKeyboard) self.sink_->key_pressed(key);
  });
  glfwSetCharCallback(window_, ImGui_ImplGlfw_CharCallback);
  glfwSetWindowFocusCallback(window_, ImGui_ImplGlfw_WindowFocusCallback);
  glfwSetCursorEnterCallback(window_, ImGui_ImplGlfw_CursorEnterCallback);
}

void Window::poll_events() const {
  if (window_) glfwPollEvents();
}

void Window::wait_events(double timeout_s) const {
  if (window_) glfwWaitEventsTimeout(timeout_s);
}

void Window::wake() const {
  if (window_) glfwPostEmptyEvent();
}

Window::~Window() {
  if (!window_) {  // egl_ ends the context
    ImGui::DestroyContext();
    return;
  }
  if (ui_) ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::should_close() const { return window_ && glfwWindowShouldClose(window_); }
void Window::framebuffer_size(int& width_px, int& height_px) const {
  if (!window_) {
    width_px = width_px_;
    height_px = height_px_;
    return;
  }
  glfwGetFramebufferSize(window_, &width_px, &height_px);
}

// Only a visible window (the interactive viewer) draws the panels; a hidden one or an EGL context has no
// ImGui renderer.
void Window::begin_ui() const {
  if (!ui_) throw WindowError("the panels are drawn only into a visible window");
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void Window::end_ui() const {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void Window::swap() const {
  if (window_)
    glfwSwapBuffers(window_);
  else
    egl_->swap();
}

std::string Window::gl_renderer() const {
  const std::string renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return egl_ ? renderer + ", " + egl_->device() : renderer;
}

}  // namespace app
