// The wire (backend/wire.h): a Model and a State of scenes with every element type (particles, distance and
// tet constraints, fluid, bodies with joints and contact pairs), and the values that cross beside them (a
// step's stats, a frame's measured sums), cross as doubles and come back: bit for bit in a double core; in a
// float core every array but the positions bit for bit, and a position (hi + lo, one double) to within 2⁻⁵²
// of itself. A float pair is read from a double as the nearest pair.
#include <gtest/gtest.h>

#include <cstring>

#include "backend/wire.h"
#include "solver/solver.h"
#include "test_util.h"

namespace sim {
namespace {

template <class Arrays>
void expect_same_bits(const Arrays& a, const Arrays& b, const char* scene) {
  int field = 0;
  zip_fields(a, b, [&](const auto& x, const auto& y) {
    ASSERT_EQ(x.size(), y.size()) << scene << " field " << field;
    using E = typename std::decay_t<decltype(x)>::value_type;
    const bool holds_positions =  // in float: a Position, or a contact pair with its anchors
        !std::is_same_v<Position, Vec3> && (std::is_same_v<E, Position> || std::is_same_v<E, ContactPair>);
    if (!x.empty() && !holds_positions)
      EXPECT_EQ(0, std::memcmp(x.data(), y.data(), x.size() * sizeof(x[0]))) << scene << " field " << field;
    ++field;
  });
  const wire::Numbers p = to_wire(a), q = to_wire(b);
  ASSERT_EQ(p.size(), q.size()) << scene;
  const double tolerance = test::by_precision(0.0, 0x1p-52);  // relative
  for (size_t i = 0; i < p.size(); ++i)
    if (!(std::abs(p[i] - q[i]) <= tolerance * std::abs(p[i])) && !(std::isnan(p[i]) && std::isnan(q[i]))) {
      ADD_FAILURE() << scene << " scalar " << i << " of " << p.size() << ": " << p[i] << " came back as " << q[i];
      break;
    }
}

TEST(Wire, ModelAndStateComeBackBitForBit) {
  for (const char* scene : {"capsule_stack", "bridge", "fem_beam", "fluid_column", "bunny_cloth"}) {
    const SceneDef& def = find_scene(scene);
    ParamSet values("settings", settings_table());
    def.use_setting_defaults(values, false);
    World world(def.build(def.default_params()), BackendKind::Cpu);
    test::run_frames(world, settings_from_params(values), 5);  // contact pairs and multipliers filled
    State state;
    from_wire(to_wire(world.state()), state);
    expect_same_bits(world.state(), state, scene);
    Model model;
    from_wire(to_wire(world.model()), model);
    expect_same_bits(world.model(), model, scene);
    MeasuredSums sums = world.measure(1.0), back;
    sums.divergence = Divergence{"particle 7", kOutOfBounds, {1.0, -2.0, 3.0}};
    from_wire(to_wire(sums), back);
    EXPECT_EQ(to_wire(sums), to_wire(back)) << scene;
    ASSERT_TRUE(back.divergence.has_value());
    EXPECT_EQ("particle 7", back.divergence->item);
  }
}

TEST(Wire, StepStatsCrossMemberByMember) {
  StepStats stats, back;
  stats.detection_ms = 0.25;
  stats.nodes = 1234567890123LL;
  stats.launch_mode = CudaLaunch::Graph;
  stats.plan.substeps = 17;
  stats.plan.set_by = SubstepSource::Residual;
  stats.plan.damping_dt = Real(0.5);
  from_wire(to_wire(stats), back);
  EXPECT_EQ(0.25, back.detection_ms);
  EXPECT_EQ(1234567890123LL, back.nodes);
  EXPECT_EQ(CudaLaunch::Graph, back.launch_mode);
  EXPECT_EQ(17, back.plan.substeps);
  EXPECT_EQ(SubstepSource::Residual, back.plan.set_by);
  EXPECT_EQ(Real(0.5), back.plan.damping_dt);
  EXPECT_THROW(from_wire(wire::Numbers(3, 0.0), back), std::logic_error);  // a row shorter than its value
}

// A double core writes (x, 0); a float core reads the nearest float pair: hi the float nearest x, lo the
// rest rounded, so that hi + lo is x to within a float ulp of lo.
TEST(Wire, ADoubleCoordinateReadsAsTheNearestFloatPair) {
  for (const double x : {2.2498977738600736, -13.000000123456789, 1e-30, 3.0}) {
    float hi, lo;
    wire::split_to_floats(x, hi, lo);
    EXPECT_EQ(float(x), hi) << x;
    EXPECT_EQ(float(x - double(float(x))), lo) << x;
    EXPECT_LE(std::abs(double(hi) + double(lo) - x), std::abs(x) * 1e-14) << x;
  }
  float hi, lo;
  wire::split_to_floats(std::nan(""), hi, lo);
  EXPECT_TRUE(std::isnan(hi));
}

}  // namespace
}  // namespace sim
