// Sanitizer builds (SMALLSTEPS_SANITIZE) only: keeps every shared library loaded at the call (the GL driver
// among them, once a context exists) mapped until the process exits. LeakSanitizer checks at exit, from
// the globals of the modules still mapped. Mesa's libglapi (the names of the dispatch stubs it adds, about
// 5.3 kB in 255 strdups) and swrast_dri (two 56-byte callocs) keep their allocations in their own globals
// and are unloaded at glfwTerminate, so without the pin every process that opened a GL context reported
// them as leaks in "<unknown module>", which no suppression can name. Pinned, they stay reachable and leak
// detection stays on, unsuppressed, for everything. In other builds this does nothing.
#pragma once

namespace app {

void pin_loaded_libraries_for_leak_reports();

}  // namespace app
