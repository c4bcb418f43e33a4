#include "viewer/pin_libraries.h"

#ifdef SMALLSTEPS_SANITIZE
#include <dlfcn.h>
#include <link.h>

#include <string>
#include <vector>
#endif

namespace app {

void pin_loaded_libraries_for_leak_reports() {
#ifdef SMALLSTEPS_SANITIZE
  std::vector<std::string> names;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* out) {
        auto* list = static_cast<std::vector<std::string>*>(out);
        if (info->dlpi_name && *info->dlpi_name) list->push_back(info->dlpi_name);
        return 0;
      },
      &names);
  // RTLD_NOLOAD loads nothing new; RTLD_NODELETE marks the loaded object as never to be unloaded.
  for (const std::string& name : names) dlopen(name.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}

}  // namespace app
