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
    # Which GPUs the kernels run on: the GPU of this machine when it has one (`native`); otherwise SASS for
    # the desktop cards this demo's users have (Turing 75, Ampere 86, Ada 89, Blackwell GeForce 120) and the
    # data-centre ones (A100 80, H100/H200 90, B200 100), plus compute_120 PTX that later cards JIT.
    # select_backend() refuses a device that none of them runs on, saying so (backend/backend.h).
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      execute_process(COMMAND nvidia-smi -L RESULT_VARIABLE smallsteps_smi_rc OUTPUT_QUIET ERROR_QUIET)
      if(smallsteps_smi_rc EQUAL 0)
        set(CMAKE_CUDA_ARCHITECTURES native)
      else()
        set(CMAKE_CUDA_ARCHITECTURES 75-real 80-real 86-real 89-real 90-real 100-real 120)
      endif()
    endif()
    # nvcc compiles the architectures of a file on as many threads as there are cores.
    set(CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} --threads 0")
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
