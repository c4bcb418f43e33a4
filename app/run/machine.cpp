#include "run/machine.h"

#include <omp.h>

#include <ctime>
#include <fstream>
#include <string>
#include <thread>

#include "backend/backend.h"

namespace bench {
namespace {

using json = nlohmann::ordered_json;

#if defined(__clang__) || !defined(__GNUC__)
constexpr const char* kCompiler = __VERSION__;  // clang's __VERSION__ already names the compiler
#else
constexpr const char* kCompiler = "GCC " __VERSION__;
#endif

std::string trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") + 1 - first);
}

// The value after "key:" on the first line of a /proc file that starts with key, or "" if none.
std::string proc_field(const char* path, const std::string& key) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (line.compare(0, key.size(), key) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos) return trimmed(line.substr(colon + 1));
    }
  return "";
}

nlohmann::ordered_json memory_total_mib() {
  const std::string kib = proc_field("/proc/meminfo", "MemTotal");  // "24684084 kB"
  try {
    return std::stoll(kib) / 1024;
  } catch (const std::exception&) {
    return nullptr;
  }
}

std::string utc_now_iso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

nlohmann::ordered_json machine_description() {
  const sim::CudaAvailability cuda = sim::cuda_availability();
  const std::string cpu = proc_field("/proc/cpuinfo", "model name");
  return {
      {"cpu_model", cpu.empty() ? json(nullptr) : json(cpu)},
      {"logical_cores", std::thread::hardware_concurrency()},
      {"omp_max_threads", omp_get_max_threads()},
      {"memory_total_mib", memory_total_mib()},
      {"gpu", cuda.available ? json(cuda.detail) : json(nullptr)},
      {"cuda_unavailable_reason", cuda.available ? json(nullptr) : json(cuda.detail)},
      {"cuda_built_for", cuda.built_for.empty() ? json(nullptr) : json(cuda.built_for)},
      {"cuda_scalar", cuda.built_for.empty() ? json(nullptr) : json(sim::cuda_scalar())},  // float or double
      {"compiler", kCompiler},
      {"date_utc", utc_now_iso8601()},
  };
}

}  // namespace bench
