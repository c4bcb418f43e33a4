// Issue 51 item 0: --backend auto runs CUDA only where the device can run this build's kernels. A device
// without a kernel image (an RTX 3080, sm_86, under a build for sm_90 alone) sends auto to the CPU with the
// reason, and an explicit --backend cuda is refused with it; the answers are forced here, no GPU needed.
#include <gtest/gtest.h>

#include "backend/backend.h"
#include "backend/crossover.h"
#include "scenes/scene.h"
#include "world/world.h"

namespace sim {
namespace {

CudaDeviceProbe rtx_3080_under(const std::string& built_for, bool kernel_image) {
  CudaDeviceProbe probe;
  probe.count = 1;
  probe.name = "NVIDIA GeForce RTX 3080";
  probe.compute_capability = 86;
  probe.kernel_image = kernel_image;
  probe.built_for = built_for;
  return probe;
}

TEST(BackendSelect, ADeviceWithoutAKernelImageIsNotAvailableAndSaysWhy) {
  const CudaAvailability cuda = judge_cuda_device(rtx_3080_under("900", false));
  EXPECT_FALSE(cuda.available);
  EXPECT_NE(cuda.detail.find("NVIDIA GeForce RTX 3080, sm_86"), std::string::npos) << cuda.detail;
  EXPECT_NE(cuda.detail.find("no kernel image"), std::string::npos) << cuda.detail;
  EXPECT_NE(cuda.detail.find("built for 900"), std::string::npos) << cuda.detail;
  EXPECT_NE(cuda.detail.find("-DCMAKE_CUDA_ARCHITECTURES=86"), std::string::npos) << cuda.detail;
}

TEST(BackendSelect, AutoFallsBackToTheCpuWhenTheDeviceHasNoKernelImage) {
  const CudaAvailability cuda = judge_cuda_device(rtx_3080_under("900", false));
  const SelectedBackend chosen = select_backend(BackendKind::Auto, "", cuda);
  EXPECT_EQ(chosen.kind, BackendKind::Cpu);
  ASSERT_NE(chosen.solver, nullptr);
  EXPECT_NE(chosen.description.find("auto chose the CPU: NVIDIA GeForce RTX 3080, sm_86 has no kernel image"),
            std::string::npos)
      << chosen.description;
}

TEST(BackendSelect, AnExplicitCudaRequestIsRefusedWithTheReason) {
  const CudaAvailability cuda = judge_cuda_device(rtx_3080_under("900", false));
  try {
    select_backend(BackendKind::Cuda, "", cuda);
    FAIL() << "--backend cuda was accepted on a device without a kernel image";
  } catch (const BackendUnavailable& e) {
    EXPECT_NE(std::string(e.what()).find("no kernel image"), std::string::npos) << e.what();
  }
}

TEST(BackendSelect, ADeviceTheBuildCoversIsAvailableAndNamedWithItsArchitecture) {
  const CudaAvailability cuda = judge_cuda_device(rtx_3080_under("750,800,860,890,900", true));
  EXPECT_TRUE(cuda.available);
  EXPECT_EQ(cuda.detail, "NVIDIA GeForce RTX 3080, sm_86");
  EXPECT_EQ(cuda.built_for, "750,800,860,890,900");
}

TEST(BackendSelect, NoDeviceOrNoDriverIsNotAvailable) {
  CudaDeviceProbe none;
  EXPECT_FALSE(judge_cuda_device(none).available);
  EXPECT_EQ(judge_cuda_device(none).detail, "no CUDA device found");
  none.runtime_error = "CUDA driver version is insufficient for CUDA runtime version";
  EXPECT_EQ(judge_cuda_device(none).detail,
            "no CUDA device: CUDA driver version is insufficient for CUDA runtime version");
}

TEST(BackendSelect, HostOnlySettingsSendAutoToTheCpuEvenWithAUsableDevice) {
  const CudaAvailability cuda = judge_cuda_device(rtx_3080_under("860", true));
  const SelectedBackend chosen = select_backend(BackendKind::Auto, "the direct rigid solver runs on the host", cuda);
  EXPECT_EQ(chosen.kind, BackendKind::Cpu);
  EXPECT_NE(chosen.description.find("the direct rigid solver runs on the host"), std::string::npos);
}

// Issue 51 item 5: below the crossover measured on the GPU machine (backend/crossover.h) auto takes the CPU,
// saying why; at or above it in particles or in bodies, the GPU.
TEST(BackendSelect, TheCrossoverSendsSmallScenesToTheCpuAndLargeOnesToTheGpu) {
  const BackendCrossover c{95, 49, "a test machine"};
  EXPECT_NE(below_crossover(20, 0, c).find("20 particles and 0 bodies, below the crossover of 95 and 49"),
            std::string::npos);
  EXPECT_NE(below_crossover(0, 21, c), "");
  EXPECT_EQ(below_crossover(95, 0, c), "");
  EXPECT_EQ(below_crossover(0, 49, c), "");
  EXPECT_EQ(below_crossover(4096, 1, c), "") << "the bunny with a box is a particle scene";
}

TEST(BackendSelect, AutoWithAUsableDeviceTakesTheCpuForASceneBelowTheCrossover) {
  const CudaAvailability cuda = judge_cuda_device(rtx_3080_under("860", true));
  const std::string small = below_crossover(20, 0);
  ASSERT_NE(small, "");
  const SelectedBackend chosen = select_backend(BackendKind::Auto, small, cuda);
  EXPECT_EQ(chosen.kind, BackendKind::Cpu);
  EXPECT_NE(chosen.description.find("below the crossover"), std::string::npos) << chosen.description;
}

TEST(BackendSelect, TheScenesOwnCountsPlaceItAgainstTheCrossover) {
  const auto reason = [](const char* name) {
    const SceneDef& scene = find_scene(name);
    return auto_prefers_cpu(scene.build(scene.default_params()).model, Settings{}, true);
  };
  EXPECT_NE(reason("chain").find("20 particles and 0 bodies"), std::string::npos) << reason("chain");
  EXPECT_NE(reason("rigid_chain").find("0 particles and 21 bodies"), std::string::npos) << reason("rigid_chain");
  EXPECT_EQ(reason("hanging_cloth"), "") << "10,000 particles: the GPU";
  // Without a usable GPU the summary names why there is none, not the crossover.
  const SceneDef& chain = find_scene("chain");
  EXPECT_EQ(auto_prefers_cpu(chain.build(chain.default_params()).model, Settings{}, false), "");
}

}  // namespace
}  // namespace sim
