#include "run/scripted_drag.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "core/quantity_format.h"
#include "params/decimal.h"
#include "params/param.h"
#include "params/quoted.h"

namespace app {
namespace {

constexpr const char* kForms =
    "\"T0 X0 Y0 T1 X1 Y1\" (positions as fractions of the view from its top left), \"particle I from T0 to T1 "
    "by DX DY DZ\", \"body B [at LX LY LZ] from T0 to T1 by DX DY DZ\" or \"point X Y Z from T0 to T1 by DX DY "
    "DZ\" (times in s, lengths in m)";

constexpr double kLargest = 1e6;  // the largest time [s] or length [m] a drag takes

// The words of a drag, read one at a time, each failure naming the drag.
class Words {
 public:
  Words(const std::string& text, std::string culprit) : culprit_(std::move(culprit)) {
    std::string spaced = text;
    for (char& c : spaced)
      if (c == ',') c = ' ';
    std::istringstream in(spaced);
    in.imbue(std::locale::classic());
    for (std::string w; in >> w;) words_.push_back(w);
  }
  bool done() const { return next_ == words_.size(); }
  size_t size() const { return words_.size(); }
  const std::string& peek() const { return words_[next_]; }
  std::string word(const char* what) {
    if (done()) fail(std::string("ends where ") + what + " should follow; expected " + kForms);
    return words_[next_++];
  }
  // A decimal of magnitude at most `largest` (a float's range with room to move in it).
  double number(const char* what, double largest = kLargest) {
    const std::string w = word(what);
    if (const std::optional<std::string> problem = sim::decimal_problem(w))
      fail(sim::in_quotes(w) + " " + *problem + " (" + what + ")");
    const double x = *sim::finite_decimal(w);
    if (std::abs(x) > largest)
      fail(sim::in_quotes(w) + " is beyond " + sim::format_count((long long)largest) + " (" + what + ")");
    return x;
  }
  std::array<double, 3> vector(const char* what) { return {number(what), number(what), number(what)}; }
  void expect(const char* keyword) {
    const std::string w = word(("'" + std::string(keyword) + "'").c_str());
    if (w != keyword) fail("expected '" + std::string(keyword) + "', got " + sim::in_quotes(w) + "; forms: " + kForms);
  }
  [[noreturn]] void fail(const std::string& problem) const { throw sim::ParamError(culprit_ + ": " + problem); }

 private:
  std::string culprit_;
  std::vector<std::string> words_;
  size_t next_ = 0;
};

ScriptedDrag parse_view_drag(Words& w) {
  if (w.size() != 6)
    w.fail("expected six numbers, T0 X0 Y0 T1 X1 Y1 (times in s, positions as fractions of the view from its "
           "top left), got " + std::to_string(w.size()) + " words; or a named grip: " + kForms);
  ScriptedDrag d;
  d.t0 = w.number("T0");
  d.x0 = w.number("X0");
  d.y0 = w.number("Y0");
  d.t1 = w.number("T1");
  d.x1 = w.number("X1");
  d.y1 = w.number("Y1");
  for (const double p : {d.x0, d.y0, d.x1, d.y1})
    if (p < 0.0 || p > 1.0) w.fail("positions are fractions of the view, in [0, 1]");
  return d;
}

ScriptedDrag parse_named_drag(Words& w) {
  ScriptedDrag d;
  const std::string grip = w.word("the grip");
  if (grip == "particle" || grip == "body") {
    d.grip = grip == "particle" ? ScriptedDrag::Grip::Particle : ScriptedDrag::Grip::Body;
    const double index = w.number("the index", 2e9);
    if (index < 0.0 || index != std::floor(index))
      w.fail("the " + grip + " index must be a whole number from 0");
    d.index = int(index);
    if (d.grip == ScriptedDrag::Grip::Body && !w.done() && w.peek() == "at") {
      w.expect("at");
      d.at = w.vector("the point held, body coordinates");
    }
  } else if (grip == "point") {
    d.grip = ScriptedDrag::Grip::Point;
    d.at = w.vector("the world point");
  } else {
    w.fail("unknown grip " + sim::in_quotes(grip) + "; forms: " + kForms);
  }
  w.expect("from");
  d.t0 = w.number("T0");
  w.expect("to");
  d.t1 = w.number("T1");
  w.expect("by");
  d.by = w.vector("the motion");
  if (!w.done()) w.fail("unexpected " + sim::in_quotes(w.peek()) + " after the motion");
  if (d.by[0] == 0.0 && d.by[1] == 0.0 && d.by[2] == 0.0) w.fail("the motion 'by' has zero length");
  return d;
}

// The shortest decimal that reads back as v (a saved preset replays the same drag).
std::string decimal_text(double v) {
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}

std::string vector_text(const std::array<double, 3>& v) {
  return decimal_text(v[0]) + " " + decimal_text(v[1]) + " " + decimal_text(v[2]);
}

}  // namespace

ScriptedDrag parse_drag(const std::string& text, const std::string& where) {
  Words w(text, where + " " + sim::in_quotes(text));
  if (w.done()) w.fail(std::string("empty; expected ") + kForms);
  // A named drag starts with its grip's name; anything that starts like a number is the view form.
  const bool named = std::isalpha(static_cast<unsigned char>(w.peek()[0])) && w.peek() != "inf" &&
                     w.peek() != "nan";
  const ScriptedDrag d = named ? parse_named_drag(w) : parse_view_drag(w);
  if (d.t0 < 0.0) w.fail("the press time T0 is negative");
  if (!(d.t1 > d.t0)) w.fail("the release time T1 must come after T0");
  return d;
}

std::string drag_text(const ScriptedDrag& d) {
  const std::string times = "from " + decimal_text(d.t0) + " to " + decimal_text(d.t1) + " by ";
  switch (d.grip) {
    case ScriptedDrag::Grip::View:
      return decimal_text(d.t0) + " " + decimal_text(d.x0) + " " + decimal_text(d.y0) + " " + decimal_text(d.t1) +
             " " + decimal_text(d.x1) + " " + decimal_text(d.y1);
    case ScriptedDrag::Grip::Particle:
      return "particle " + std::to_string(d.index) + " " + times + vector_text(d.by);
    case ScriptedDrag::Grip::Body: {
      const bool centre = d.at[0] == 0.0 && d.at[1] == 0.0 && d.at[2] == 0.0;
      return "body " + std::to_string(d.index) + (centre ? "" : " at " + vector_text(d.at)) + " " + times +
             vector_text(d.by);
    }
    case ScriptedDrag::Grip::Point:
      return "point " + vector_text(d.at) + " " + times + vector_text(d.by);
  }
  return "";
}

}  // namespace app
