// Parameter tables: a named, typed, ranged value with a unit. One table per scene (and one for the
// solver Settings) drives `smallsteps list`, --set name=value, JSON presets and the UI sliders.
#pragma once

#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace sim {
inline namespace SIM_PRECISION {

// Text: a string such as a file path; its default is "" and min/max are unused.
enum class ParamType { Int, Real, Bool, Choice, Text };

// How the viewer edits a parameter (app/viewer/param_widgets.cpp): Auto picks by type and range (a
// logarithmic slider for a range over two decades).
enum class Widget { Auto, Slider, LogSlider, Checkbox, Combo, TextField };

// One allowed value of a Choice parameter: its name (the CLI's, the presets' and the viewer's spelling) and
// the enumerator it stands for, whose value the parameter holds. Only an enumerator makes one, so a choice
// is never a bare number or a position in a list.
struct ParamChoice {
  template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
  ParamChoice(std::string choice_name, E choice) : name(std::move(choice_name)), value(int(choice)) {}
  std::string name;
  int value;
};

struct ParamSpec {
  std::string name;
  ParamType type;
  double default_value;
  double min = 0.0, max = 0.0;  // inclusive range (Int, Real)
  std::string unit;             // "" when dimensionless
  std::string help;
  bool rebuild = true;               // true: a change rebuilds the scene from its initial state;
                                     // false: the Model is rebuilt and the running State kept
  std::vector<ParamChoice> choices;  // Choice: the allowed names and enumerators
  Widget widget = Widget::Auto;
  // The default when the scene runs on a CUDA device (e.g. the paper's 150k-particle cloth), if different;
  // NaN: the same default everywhere.
  double cuda_default = std::numeric_limits<double>::quiet_NaN();

  std::string range_text() const;  // "[2, 1000]", "true|false|yes|no|on|off|1|0, any case", "gs|jacobi" or "text"
  Widget widget_kind() const;      // widget, with Auto resolved
  // The choice named `name`, or the one whose enumerator is `value`; null for none.
  const ParamChoice* choice_named(const std::string& name) const;
  const ParamChoice* choice_of(double value) const;
};

// A Choice parameter of enum type E with its default: name, default, help, whether it rebuilds, choices.
template <class E>
ParamSpec choice_param(std::string name, E default_choice, std::string help, bool rebuild,
                       std::vector<ParamChoice> choices) {
  ParamSpec spec{std::move(name), ParamType::Choice, double(int(default_choice))};
  spec.help = std::move(help);
  spec.rebuild = rebuild;
  spec.choices = std::move(choices);
  return spec;
}

// A value that a scene's own defaults or an experiment's run give a parameter: a number, or a choice by its
// name ("direct") or its enumerator (RigidSolver::Direct); never a choice by a number (ParamSet::set refuses
// one).
class ParamValue {
 public:
  ParamValue() = default;
  ParamValue(double number) : number_(number) {}
  ParamValue(int number) : number_(number) {}
  ParamValue(const char* choice) : name_(choice), kind_(Kind::Name) {}
  ParamValue(std::string choice) : name_(std::move(choice)), kind_(Kind::Name) {}
  template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
  ParamValue(E choice) : number_(int(choice)), kind_(Kind::Enumerator) {}

  bool is_number() const { return kind_ == Kind::Number; }
  bool is_name() const { return kind_ == Kind::Name; }
  double number() const { return number_; }         // a number's value, an enumerator's
  const std::string& name() const { return name_; }  // a choice given by name

 private:
  enum class Kind { Number, Name, Enumerator };
  double number_ = 0.0;
  std::string name_;
  Kind kind_ = Kind::Number;
};

// Parameters by name with their values (an experiment's run, a test's scene).
using ParamValues = std::map<std::string, ParamValue>;
// A scene's own defaults for settings, in the order they apply.
using ParamDefaults = std::vector<std::pair<std::string, ParamValue>>;

// Bad input: names the culprit and the allowed values. Callers turn it into exit status 2.
struct ParamError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Values of one table, validated against it. `owner` names the table in messages ("scene 'chain'").
class ParamSet {
 public:
  ParamSet(std::string owner, const std::vector<ParamSpec>& specs);

  const std::vector<ParamSpec>& specs() const { return *specs_; }
  const std::string& owner() const { return owner_; }
  double get(const std::string& name) const;                   // 0 for a Text parameter
  const std::string& get_text(const std::string& name) const;  // a Text parameter's value
  int get_int(const std::string& name) const { return int(get(name)); }
  bool get_bool(const std::string& name) const { return get(name) != 0.0; }
  // A Choice parameter's enumerator.
  template <class E>
  E get_choice(const std::string& name) const {
    return E(int(get(name)));
  }
  void set(const std::string& name, double value);  // throws ParamError (also for Text)
  // A number, or a choice by name or enumerator; throws ParamError for a choice given as a number.
  void set(const std::string& name, const ParamValue& value);
  // Parses per type (numbers: finite_decimal, params/decimal.h); throws ParamError naming `source` (where the
  // text came from: "--frame-dt", "preset 'a.json' key 'settings.frame_dt'"; by default "<owner> parameter
  // '<name>'"), the text as written (quoted, params/quoted.h), what is wrong with it and the allowed values.
  void set_text(const std::string& name, const std::string& text, const std::string& source = "");
  std::string text(const std::string& name) const;                  // the value as `set_text` reads it
  bool has(const std::string& name) const { return find(name) >= 0; }
  // Whether `name` was given (set or set_text) since the set was made or last reset; false for no such name.
  bool set_by_user(const std::string& name) const;
  // Gives the parameters that were never set their default for the device the scene will run on.
  void use_device_defaults(bool cuda);
  // Gives the named parameters that were never set these values instead of their table defaults (a scene's
  // own settings, SceneDef::settings); throws ParamError for an unknown name or a value out of range.
  void use_defaults(const ParamDefaults& defaults);
  // Gives every parameter that was never set its table default again (another scene's own defaults out).
  void reset_unset();
  // The memory the set holds outside its own object [B]: its values, texts and flags as allocated.
  size_t heap_bytes() const;

 private:
  int find(const std::string& name) const;
  int require(const std::string& name, const std::string& source = "") const;  // source: as set_text's
  // Stores a value of entry i after checking it; `written` is the value as the culprit gave it.
  void assign(size_t i, double value, const std::string& culprit, const std::string& written);

  std::string owner_;
  const std::vector<ParamSpec>* specs_;
  std::vector<double> values_;
  std::vector<std::string> texts_;  // Text parameters' values (empty for the others)
  std::vector<bool> set_by_user_;
};

}  // namespace SIM_PRECISION
}  // namespace sim
