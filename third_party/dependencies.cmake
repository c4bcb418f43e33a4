# Build glue for system packages (Debian). Nothing from other projects is vendored here.
# scripts/setup.sh installs every package named below.
find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(CLI11 2.1 REQUIRED)
find_package(Eigen3 3.3 REQUIRED NO_MODULE)  # linalg/: dense LDLT for the direct rigid solver (host only)
find_package(tinyobjloader REQUIRED)  # mesh/obj_loader: tinyobjloader::tinyobjloader (float coordinates)
find_package(PkgConfig REQUIRED)
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)  # render/plot (PNG, plot text) and render/caption.cpp
if(SMALLSTEPS_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()

# CUDA is optional at configure time and built whenever nvcc exists (CI: nvcc, no GPU).
set(SMALLSTEPS_HAVE_CUDA OFF)
if(SMALLSTEPS_ENABLE_CUDA)
  if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)  # sm_90 SASS + compute_90 PTX (H100/H200; PTX JITs elsewhere)
    endif()
    # No multiply-add contraction: a stage's functor then rounds alike whichever kernel runs it (its own, a
    # grid sweep, a program; Settings::cuda_launch gives the same bits every way) and as on the CPU.
    set(CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} --fmad=false")
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    set(SMALLSTEPS_HAVE_CUDA ON)
    message(STATUS "smallsteps: CUDA backend ON (${CMAKE_CUDA_COMPILER}, arch ${CMAKE_CUDA_ARCHITECTURES})")
  else()
    message(STATUS "smallsteps: nvcc not found, CUDA backend OFF")
  endif()
endif()
