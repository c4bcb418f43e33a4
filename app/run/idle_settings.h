// Settings that do nothing say so (issue 52 item 3): a setting given explicitly (on the command line, in a
// preset) that does not act on this run gives a note in the run summary and on stderr, naming where it would
// act: a family's options on a scene without its items (--rigid-solver on a cloth), an option the other
// settings switch off (--pivot-steps with rigid_solver pgs; SettingSpec::relevant), --cuda-launch on the
// CPU, and --substeps where adaptive substepping chooses N. The viewer's Solver panel shows only the
// settings that act (issue 53 item 6).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "params/param.h"
#include "registry/settings.h"
#include "world/world.h"

namespace app {

// One note per setting in `given` (set_by_user) that does nothing in `world` under `s`, in the order of the
// settings table: "--pivot-steps does nothing here: it acts only with rigid_solver direct".
std::vector<std::string> idle_setting_notes(const sim::ParamSet& given, const sim::Settings& s,
                                            const sim::World& world);
// Why setting `name` does nothing in `world` under `s` ("the scene has no rigid bodies", "it acts only with
// rigid_solver direct", "it acts only on the CUDA backend, ..."); nothing when it acts.
std::optional<std::string> setting_idle_reason(const std::string& name, const sim::Settings& s,
                                               const sim::World& world);

}  // namespace app
