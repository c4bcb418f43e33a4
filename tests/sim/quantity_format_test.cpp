// One format for every number a user reads (core/quantity_format.h; issue 53 item 2): SI prefixes with µ,
// 3 significant digits, grouped digits from 10,000, never e-notation, no "-0", signed quantities by name.
#include "core/quantity_format.h"

#include <gtest/gtest.h>

namespace sim {
namespace {

TEST(QuantityFormat, LengthsTakeThePrefixThatSuits) {
  EXPECT_EQ(format_length(2020.0), "2.02 km");
  EXPECT_EQ(format_length(2.02), "2.02 m");
  EXPECT_EQ(format_length(0.004134), "4.13 mm");
  EXPECT_EQ(format_length(-0.0167), "-16.7 mm");
  EXPECT_EQ(format_length(3.1e-5), "31 µm");
  EXPECT_EQ(format_length(-0.0), "0 m");
  EXPECT_EQ(format_length(0.0), "0 m");
  EXPECT_EQ(format_length(3.16e-9), "3.16 nm");
  EXPECT_EQ(format_length(7.64e-18), "< 1 nm");
  EXPECT_EQ(format_length(-5e-10), "< 1 nm");
  EXPECT_EQ(format_length(0.99996), "1 m") << "999.96 mm rounds to the next prefix, not to 1000 mm";
  EXPECT_EQ(format_length(3.4e13), "34,000 Gm");
}

TEST(QuantityFormat, EnergiesAndTimesHaveNoExponent) {
  EXPECT_EQ(format_quantity(5.18269e-15, "J"), "< 1 nJ");
  EXPECT_EQ(format_quantity(9685.69, "J", 4), "9.686 kJ");
  EXPECT_EQ(format_quantity(1.0 / 6000.0, "s"), "167 µs");
  EXPECT_EQ(format_quantity(12.5, "kg"), "12.5 kg") << "no prefix on a unit that has one";
  EXPECT_EQ(format_ms(0.1), "100 µs") << "a wall-clock time measured in ms";
  EXPECT_EQ(format_ms(1250.0), "1.25 s");
}

TEST(QuantityFormat, NumbersCountsAndPercentages) {
  EXPECT_EQ(format_number(1930.0), "1930");
  EXPECT_EQ(format_number(-0.0), "0");
  EXPECT_EQ(format_number(0.0091), "0.0091");
  EXPECT_EQ(format_number(5.1e5), "510,000");
  EXPECT_EQ(format_number(-5.123e150), "-5.12x10^150") << "a diverged coordinate";
  EXPECT_EQ(format_number(-3e-9), "< 0.0001");
  EXPECT_EQ(format_number(0.00012345, 4), "0.000123") << "at most 6 decimals";
  EXPECT_EQ(format_count(31717620), "31,717,620");
  EXPECT_EQ(format_count(9999), "9999");
  EXPECT_EQ(format_count(-12000), "-12,000");
  EXPECT_EQ(format_percent(1.28), "1.28 %");
  EXPECT_EQ(format_percent(5.1e5), "510,000 %");
  EXPECT_EQ(format_measure(0.0794, "m"), "79.4 mm");
  EXPECT_EQ(format_measure(1930.0, ""), "1930");
}

TEST(QuantityFormat, SignedQuantitiesAreNamedBySign) {
  EXPECT_EQ(format_signed(-29.89, "m", "sank", "rose"), "rose 29.9 m");
  EXPECT_EQ(format_signed(0.002, "m", "sank", "rose"), "sank 2 mm");
  EXPECT_EQ(format_signed(-1e-12, "m", "sank", "rose"), "sank < 1 nm");
}

}  // namespace
}  // namespace sim
