// libFuzzer harness: a preset file's bytes through the preset parser (app/run/preset.h: apply_preset_text),
// on top of the default scene. Every input must apply or raise sim::ParamError (the CLI's exit 2 with the
// file named); a crash, a sanitizer report, a hang or any other exception (the CLI's exit 1 with a raw
// message) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "run/preset.h"
#include "run/run_options.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  app::RunOptions options(sim::find_scene(app::kDefaultScene));
  try {
    app::apply_preset_text(std::string(reinterpret_cast<const char*>(data), size), "'fuzz input'", options);
  } catch (const sim::ParamError&) {
  }
  return 0;
}
