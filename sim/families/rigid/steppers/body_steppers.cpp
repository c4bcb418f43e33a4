// The registry of body steppers (body_stepper.h): the built-in ones, a line each, and those added since.
#include <stdexcept>

#include "families/rigid/steppers/body_stepper.h"
#include "families/rigid/steppers/direct_stepper.h"
#include "families/rigid/steppers/pgs_stepper.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

std::vector<BodyStepperEntry>& registry() {
  static std::vector<BodyStepperEntry> entries = {
      {"xpbd", RigidSolver::Xpbd, nullptr},
      {"pgs", RigidSolver::Pgs, [] { return std::make_unique<PgsStepper>(); }},
      {"direct", RigidSolver::Direct, [] { return std::make_unique<DirectStepper>(); }},
  };
  return entries;
}

}  // namespace

const std::vector<BodyStepperEntry>& body_steppers() { return registry(); }

const BodyStepperEntry& body_stepper(RigidSolver id) {
  for (const BodyStepperEntry& e : registry())
    if (e.id == id) return e;
  throw std::invalid_argument("no body stepper is registered as rigid_solver " + std::to_string(int(id)));
}

bool register_body_stepper(BodyStepperEntry entry) {
  for (const BodyStepperEntry& e : registry())
    if (e.id == entry.id || e.name == entry.name)
      throw std::invalid_argument("body stepper '" + entry.name + "': its name or enumerator is taken");
  registry().push_back(std::move(entry));
  return true;
}

}  // namespace SIM_PRECISION
}  // namespace sim
