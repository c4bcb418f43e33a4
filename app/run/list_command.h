// `smallsteps list`: every scene with its parameters, and the settings, from their tables; with --markdown
// the same as Markdown tables, which docs/REFERENCE.md is (a ctest compares the two).
#pragma once

namespace app {

int list_scenes(bool markdown);

}  // namespace app
