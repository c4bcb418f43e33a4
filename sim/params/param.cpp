#include "params/param.h"

#include <cctype>
#include <cmath>
#include <optional>
#include <sstream>

#include "params/decimal.h"
#include "params/quoted.h"

namespace sim {
inline namespace SIM_PRECISION {
namespace {

std::string number_text(double v) {
  std::ostringstream out;
  out.precision(10);
  out << v;
  return out.str();
}

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

// " (allowed: [0.0001, 0.1] s)": what a message about a value of `s` ends with.
std::string allowed(const ParamSpec& s) {
  return " (allowed: " + s.range_text() + (s.unit.empty() ? "" : " " + s.unit) + ")";
}

// A boolean as written, on the command line and in presets alike (a preset's JSON true and false arrive as
// "true" and "false"): one set of spellings, in any case (issue 52 item 3: "1" was taken where "yes" and
// "TRUE" were refused).
std::optional<bool> boolean_text(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (text == "true" || text == "yes" || text == "on" || text == "1") return true;
  if (text == "false" || text == "no" || text == "off" || text == "0") return false;
  return std::nullopt;
}

}  // namespace

std::string ParamSpec::range_text() const {
  switch (type) {
    case ParamType::Bool:
      return "true|false|yes|no|on|off|1|0, any case";
    case ParamType::Choice: {
      std::vector<std::string> names;
      for (const ParamChoice& c : choices) names.push_back(c.name);
      return join(names, "|");
    }
    case ParamType::Text:
      return "text";
    default:
      return "[" + number_text(min) + ", " + number_text(max) + "]";
  }
}

Widget ParamSpec::widget_kind() const {
  if (widget != Widget::Auto) return widget;
  switch (type) {
    case ParamType::Bool:
      return Widget::Checkbox;
    case ParamType::Choice:
      return Widget::Combo;
    case ParamType::Text:
      return Widget::TextField;
    default:
      return max > 100.0 * (min > 0.0 ? min : 1.0) ? Widget::LogSlider : Widget::Slider;
  }
}

const ParamChoice* ParamSpec::choice_named(const std::string& choice) const {
  for (const ParamChoice& c : choices)
    if (c.name == choice) return &c;
  return nullptr;
}

const ParamChoice* ParamSpec::choice_of(double value) const {
  for (const ParamChoice& c : choices)
    if (double(c.value) == value) return &c;
  return nullptr;
}

ParamSet::ParamSet(std::string owner, const std::vector<ParamSpec>& specs)
    : owner_(std::move(owner)), specs_(&specs) {
  for (const ParamSpec& s : specs) values_.push_back(s.type == ParamType::Text ? 0.0 : s.default_value);
  texts_.assign(specs.size(), std::string());
  set_by_user_.assign(specs.size(), false);
}

bool ParamSet::set_by_user(const std::string& name) const {
  const int i = find(name);
  return i >= 0 && set_by_user_[size_t(i)];
}

void ParamSet::use_device_defaults(bool cuda) {
  for (size_t i = 0; i < specs_->size(); ++i) {
    const ParamSpec& s = (*specs_)[i];
    if (!set_by_user_[i] && !std::isnan(s.cuda_default)) values_[i] = cuda ? s.cuda_default : s.default_value;
  }
}

void ParamSet::use_defaults(const ParamDefaults& defaults) {
  for (const auto& [name, value] : defaults) {
    const int i = require(name);
    if (set_by_user_[size_t(i)]) continue;
    set(name, value);  // validated like any value, then marked as still the default
    set_by_user_[size_t(i)] = false;
  }
}

void ParamSet::reset_unset() {
  for (size_t i = 0; i < specs_->size(); ++i)
    if (!set_by_user_[i]) {
      values_[i] = (*specs_)[i].type == ParamType::Text ? 0.0 : (*specs_)[i].default_value;
      texts_[i].clear();
    }
}

size_t ParamSet::heap_bytes() const {
  const auto string_heap = [](const std::string& text) {  // none while the text fits the string itself
    return text.capacity() > std::string().capacity() ? text.capacity() + 1 : size_t(0);
  };
  size_t bytes = values_.capacity() * sizeof(double) + texts_.capacity() * sizeof(std::string) +
                 (set_by_user_.capacity() + 7) / 8 + string_heap(owner_);
  for (const std::string& text : texts_) bytes += string_heap(text);
  return bytes;
}

int ParamSet::find(const std::string& name) const {
  for (size_t i = 0; i < specs_->size(); ++i)
    if ((*specs_)[i].name == name) return int(i);
  return -1;
}

int ParamSet::require(const std::string& name, const std::string& source) const {
  const int i = find(name);
  if (i < 0) {
    std::vector<std::string> names;
    for (const ParamSpec& s : *specs_) names.push_back(s.name);
    throw ParamError((source.empty() ? "" : source + ": ") + owner_ + " has no parameter " + in_quotes(name) +
                     " (its parameters: " + join(names, ", ") + ")");
  }
  return i;
}

double ParamSet::get(const std::string& name) const { return values_[size_t(require(name))]; }

const std::string& ParamSet::get_text(const std::string& name) const {
  const size_t i = size_t(require(name));
  if ((*specs_)[i].type != ParamType::Text)
    throw ParamError(owner_ + " parameter '" + name + "' is not text");
  return texts_[i];
}

void ParamSet::set(const std::string& name, double value) {
  const size_t i = size_t(require(name));
  assign(i, value, owner_ + " parameter '" + name + "'", number_text(value));
}

void ParamSet::set(const std::string& name, const ParamValue& value) {
  const ParamSpec& s = (*specs_)[size_t(require(name))];
  if (value.is_name()) return set_text(name, value.name());
  if (value.is_number() == (s.type == ParamType::Choice))
    throw ParamError(owner_ + " parameter '" + name + "': " +
                     (value.is_number() ? "a choice is given by its name, not the number " + number_text(value.number())
                                        : std::string("an enumerator given where a choice is not")) +
                     allowed(s));
  set(name, value.number());
}

void ParamSet::assign(size_t i, double value, const std::string& culprit, const std::string& written) {
  const ParamSpec& s = (*specs_)[i];
  if (!std::isfinite(value))
    throw ParamError(culprit + ": " + written + " is not a finite number" + allowed(s));
  switch (s.type) {
    case ParamType::Int:
    case ParamType::Real:
      if (s.type == ParamType::Int && value != std::floor(value))
        throw ParamError(culprit + ": " + written + " is not a whole number (allowed: integers in " +
                         s.range_text() + ")");
      if (value < s.min || value > s.max)
        throw ParamError(culprit + ": " + written + " is out of range" + allowed(s));
      break;
    case ParamType::Bool:
      if (value != 0.0 && value != 1.0) throw ParamError(culprit + ": " + written + " is not true or false");
      break;
    case ParamType::Choice:
      if (!s.choice_of(value))
        throw ParamError(culprit + ": " + written + " is not a valid choice" + allowed(s));
      break;
    case ParamType::Text:
      throw ParamError(culprit + ": expects text, not a number");
  }
  values_[i] = value;
  set_by_user_[i] = true;
}

void ParamSet::set_text(const std::string& name, const std::string& text, const std::string& source) {
  const size_t index = size_t(require(name, source));
  const ParamSpec& s = (*specs_)[index];
  const std::string culprit = source.empty() ? owner_ + " parameter '" + name + "'" : source;
  const std::string written = in_quotes(text);
  if (s.type == ParamType::Text) {
    if (text.find('\0') != std::string::npos) throw ParamError(culprit + ": text with a NUL byte");
    texts_[index] = text;
    set_by_user_[index] = true;
    return;
  }
  if (s.type == ParamType::Bool) {
    if (const std::optional<bool> b = boolean_text(text)) return assign(index, *b ? 1.0 : 0.0, culprit, written);
    throw ParamError(culprit + ": " + written + " is not a boolean" + allowed(s));
  }
  if (s.type == ParamType::Choice) {
    if (const ParamChoice* c = s.choice_named(text)) return assign(index, double(c->value), culprit, written);
    throw ParamError(culprit + ": " + written + " is not a valid choice (allowed: " + s.range_text() + ")");
  }
  if (const std::optional<std::string> problem = decimal_problem(text))
    throw ParamError(culprit + ": " + written + " " + *problem + allowed(s));
  assign(index, *finite_decimal(text), culprit, written);
}

std::string ParamSet::text(const std::string& name) const {
  const ParamSpec& s = (*specs_)[size_t(require(name))];
  const double v = get(name);
  if (s.type == ParamType::Text) return get_text(name);
  if (s.type == ParamType::Bool) return v != 0.0 ? "true" : "false";
  if (s.type == ParamType::Choice) return s.choice_of(v)->name;
  return number_text(v);
}

}  // namespace SIM_PRECISION
}  // namespace sim
