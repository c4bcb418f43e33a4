// The machine a benchmark, soak or experiment ran on, for the committed reports (bench/results/*.json):
// CPU model, cores, OpenMP threads, memory, the CUDA device or why there is none, the compiler and the UTC
// date. Library smallsteps_machine, which bench/ links.
#pragma once

#include <nlohmann/json.hpp>

namespace bench {

nlohmann::ordered_json machine_description();

}  // namespace bench
