// One format for every number a user reads (issue 53 item 2): the run summary, the viewer's captions and
// Stats, the failure lines, the panels' readouts. Never e-notation; SI prefixes (n, µ, m, k, M, G) on the
// units that take them, to 3 significant digits with trailing zeros dropped ("4.13 mm", "31 µm", "2.02 km");
// counts and other numbers of 10,000 and more with their digits grouped by commas ("31,717,620"); no "-0".
// A quantity whose sign carries meaning is named by its sign by the caller ("sank", "rose"), not printed as
// a negative drop.
#pragma once

#include <string>

namespace sim {
inline namespace SIM_PRECISION {

// printf into a std::string.
std::string format_text(const char* format, ...) __attribute__((format(printf, 1, 2)));

// A number without a unit, to `digits` significant digits in fixed notation and at most 6 decimals ("0.0091",
// "1.28", "1930"), grouped from 10,000 ("510,000"), as a mantissa and a power of ten from 10^12
// ("-5.12x10^150"); "< 0.0001" for a magnitude below that (either sign: a quantity that small wants a unit
// and its prefix); "0" for ±0; "nan", "inf", "-inf" as such.
std::string format_number(double value, int digits = 3);
// A count, grouped from 10,000: "12,000", "31,717,620".
std::string format_count(long long count);
// A percentage: format_number's digits and " %": "0.14 %", "510,000 %".
std::string format_percent(double percent);
// A value in its unit: with an SI prefix where the unit takes one (m, s, J, N, W, Pa, rad, Hz, m/s, N/m,
// N s, N m), "< 1 n<unit>" below 1e-9 of it and "0 <unit>" for ±0; else format_number's and the unit.
std::string format_quantity(double value, const std::string& unit, int digits = 3);
// A quantity whose sign has a name, by its name and magnitude: format_signed(-29.9, "m", "sank", "rose") is
// "rose 29.9 m", format_signed(0.002, ...) "sank 2 mm"; round-off (format_quantity's "< 1 n") takes the
// positive word.
std::string format_signed(double value, const std::string& unit, const char* positive, const char* negative);
// format_quantity(metres, "m").
std::string format_length(double metres);
// A wall-clock time measured in milliseconds, as seconds with their prefix: format_ms(0.1) is "100 µs".
std::string format_ms(double milliseconds);
// A measure as the failure checks and residual parts hold it, to `digits` significant digits: a length for
// "m", format_number's for "", format_percent's for "%", format_quantity's otherwise.
std::string format_measure(double value, const std::string& unit, int digits = 3);

}  // namespace SIM_PRECISION
}  // namespace sim
