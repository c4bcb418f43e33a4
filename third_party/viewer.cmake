# Build glue for the viewer stack (Debian packages only; scripts/setup.sh installs them), included only
# when SMALLSTEPS_VIEWER is ON: GLFW, Dear ImGui (libimgui.a carries its GLFW and OpenGL3 backends), GLM,
# OpenGL, and glad loaders generated at build time by python3-glad: OpenGL 4.5 core, and EGL 1.5 with the
# device and surfaceless platforms for rendering without a display (its loader opens libEGL.so.1 at run
# time; stb, used without GL too, is in dependencies.cmake). No third-party source is committed.
pkg_check_modules(GLFW3 REQUIRED IMPORTED_TARGET glfw3)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
find_package(glm REQUIRED)
find_package(OpenGL REQUIRED COMPONENTS OpenGL)
find_program(GLAD_GENERATOR glad PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)

set(GLAD_DIR ${CMAKE_BINARY_DIR}/glad)
add_custom_command(
  OUTPUT ${GLAD_DIR}/src/gl.c ${GLAD_DIR}/include/glad/gl.h
  COMMAND ${GLAD_GENERATOR} --quiet --reproducible --api gl:core=4.5 --extensions= --out-path ${GLAD_DIR} c
  COMMENT "Generating the OpenGL 4.5 core loader (glad)"
  VERBATIM)
set(GLAD_EGL_EXTENSIONS
    EGL_EXT_platform_base,EGL_EXT_platform_device,EGL_EXT_device_base,EGL_EXT_device_enumeration,EGL_EXT_device_query,EGL_MESA_platform_surfaceless)
add_custom_command(
  OUTPUT ${GLAD_DIR}/src/egl.c ${GLAD_DIR}/include/glad/egl.h
  COMMAND ${GLAD_GENERATOR} --quiet --reproducible --api egl=1.5 --extensions=${GLAD_EGL_EXTENSIONS}
          --out-path ${GLAD_DIR} c --loader
  COMMENT "Generating the EGL 1.5 loader (glad)"
  VERBATIM)
add_library(smallsteps_glad STATIC ${GLAD_DIR}/src/gl.c ${GLAD_DIR}/src/egl.c)
target_include_directories(smallsteps_glad SYSTEM PUBLIC ${GLAD_DIR}/include)
target_link_libraries(smallsteps_glad PUBLIC OpenGL::OpenGL ${CMAKE_DL_LIBS})

# imgui_impl_glfw / imgui_impl_opengl3 headers live in backends/.
add_library(smallsteps_imgui INTERFACE)
target_include_directories(smallsteps_imgui SYSTEM INTERFACE /usr/include/imgui/backends)
target_link_libraries(smallsteps_imgui INTERFACE PkgConfig::IMGUI PkgConfig::GLFW3)
