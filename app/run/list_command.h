// `smallsteps list`: every scene with its parameters, and the solver settings, from their tables.
#pragma once

namespace app {

int list_scenes();

}  // namespace app
