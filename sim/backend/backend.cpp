#include "backend/backend.h"

#include <omp.h>

#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {

const char* backend_name(BackendKind kind) {
  switch (kind) {
    case BackendKind::Auto:
      return "auto";
    case BackendKind::Cpu:
      return "cpu";
    case BackendKind::Cuda:
      return "cuda";
  }
  return "?";
}

BackendKind parse_backend(const std::string& name) {
  if (name == "auto") return BackendKind::Auto;
  if (name == "cpu") return BackendKind::Cpu;
  if (name == "cuda") return BackendKind::Cuda;
  throw std::invalid_argument("unknown backend " + in_quotes(name) + " (allowed: auto, cpu, cuda)");
}

bool runs_on_cuda(BackendKind requested) {
  return requested != BackendKind::Cpu && cuda_availability().available;
}

CudaAvailability judge_cuda_device(const CudaDeviceProbe& probe) {
  if (!probe.runtime_error.empty()) return {false, "no CUDA device: " + probe.runtime_error, probe.built_for};
  if (probe.count == 0) return {false, "no CUDA device found", probe.built_for};
  const std::string sm = "sm_" + std::to_string(probe.compute_capability);
  const std::string device = probe.name + ", " + sm;
  if (!probe.kernel_image)
    return {false,
            device + " has no kernel image in this build (built for " + probe.built_for +
                "); configure with -DCMAKE_CUDA_ARCHITECTURES=" + std::to_string(probe.compute_capability) +
                " or native",
            probe.built_for};
  return {true, device, probe.built_for};
}

SelectedBackend select_backend(BackendKind requested, const std::string& prefer_cpu) {
  if (requested == BackendKind::Cpu || (requested == BackendKind::Auto && !prefer_cpu.empty()))
    return select_backend(requested, prefer_cpu, CudaAvailability{false, "not asked", ""});
  return select_backend(requested, prefer_cpu, cuda_availability());
}

SelectedBackend select_backend(BackendKind requested, const std::string& prefer_cpu, const CudaAvailability& cuda) {
  const std::string cpu = "cpu (OpenMP, " + std::to_string(omp_get_max_threads()) + " threads)";
  if (requested == BackendKind::Cpu) return {make_cpu_solver(), BackendKind::Cpu, cpu};
  if (requested == BackendKind::Auto && !prefer_cpu.empty())
    return {make_cpu_solver(), BackendKind::Cpu, cpu + "; auto chose the CPU: " + prefer_cpu};
  if (cuda.available)
    return {make_cuda_solver(), BackendKind::Cuda, "cuda (" + cuda.detail + "; in " + cuda_scalar() + ")"};
  if (requested == BackendKind::Cuda)
    throw BackendUnavailable("--backend cuda was requested but " + cuda.detail);
  return {make_cpu_solver(), BackendKind::Cpu, cpu + "; auto chose the CPU: " + cuda.detail};
}

}  // namespace SIM_PRECISION
}  // namespace sim
