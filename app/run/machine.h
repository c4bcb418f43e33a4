// The machine a benchmark or soak ran on, for the committed reports (bench/results/*.json): CPU model,
// cores, OpenMP threads, memory, the CUDA device or why there is none, the compiler and the UTC date.
#pragma once

#include <nlohmann/json.hpp>

namespace bench {

nlohmann::ordered_json machine_description();

}  // namespace bench
