// Issue 51 item 0: --backend auto runs CUDA only where the device can run this build's kernels. A device
// without a kernel image (an RTX 3080, sm_86, under a build for sm_90 alone) sends auto to the CPU with the
// reason, and an explicit --backend cuda is refused with it; the answers are forced here, no GPU needed.
#include <gtest/gtest.h>

#include "backend/backend.h"

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

}  // namespace
}  // namespace sim
