// The SAX handler behind parse_preset_json; see preset_json.h.
#include "run/preset_json.h"

#include <set>
#include <string_view>
#include <vector>

#include "params/decimal.h"
#include "params/param.h"
#include "params/quoted.h"

namespace app {
namespace {

using nlohmann::json;

// nlohmann's document builder, with every value's key path tracked, duplicate keys refused and the text
// of floating-point numbers kept.
class PresetReader {
 public:
  PresetReader(PresetJson& out, std::string where)
      : dom_(out.doc, true), out_(out), where_(std::move(where)) {}

  bool null() { return start_value(), dom_.null(); }
  bool boolean(bool v) { return start_value(), dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return start_value(), dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return start_value(), dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const std::string& text) {
    const bool read_as_text = scopes_.size() <= kTextDepth;
    const std::string path = start_value();
    if (read_as_text) out_.number_text[path] = text;
    return dom_.number_float(v, text);
  }
  bool string(std::string& v) { return start_value(), dom_.string(v); }
  bool binary(json::binary_t& v) { return start_value(), dom_.binary(v); }
  bool start_object(std::size_t n) {
    open_scope();
    scopes_.push_back({start_value(), false, 0, "", {}});
    return dom_.start_object(n);
  }
  bool key(std::string& k) {
    Scope& scope = scopes_.back();
    if (k.size() > kMaxKeyBytes)
      throw sim::ParamError(where_ + " has a key of " + std::to_string(k.size()) + " bytes" +
                            (scope.path.empty() ? "" : " under " + sim::in_quotes(scope.path)) +
                            " (a preset's keys are names, at most " + std::to_string(kMaxKeyBytes) +
                            " bytes)");
    scope.key = k;
    if (!scope.keys.insert(k).second)
      throw sim::ParamError(key_source(where_, path_of(scope)) +
                            " is given twice (each key once: JSON readers differ on which one counts)");
    return dom_.key(k);
  }
  bool end_object() { return scopes_.pop_back(), dom_.end_object(); }
  bool start_array(std::size_t n) {
    open_scope();
    scopes_.push_back({start_value(), true, 0, "", {}});
    return dom_.start_array(n);
  }
  bool end_array() { return scopes_.pop_back(), dom_.end_array(); }
  bool parse_error(std::size_t, const std::string& token, const json::exception& e) {
    if (e.id == 406)  // valid JSON, but a number beyond the double range
      throw sim::ParamError(key_source(where_, scopes_.empty() ? "" : path_of(scopes_.back())) + ": " +
                            sim::in_quotes(token) + " " +
                            sim::decimal_problem(token).value_or("is out of range"));
    throw sim::ParamError(where_ + " is not valid JSON: " + plain_words(e));
  }

 private:
  // Limits that keep the reader's memory linear in its input (issue 52 item 2): every open value keeps its
  // key path, so nesting and key length are bounded, and a number's text is kept only where a preset has
  // numbers (frames, settings.x, compare[0].x: three levels down).
  static constexpr size_t kMaxDepth = 32, kMaxKeyBytes = 64, kTextDepth = 3;

  void open_scope() const {
    if (scopes_.size() >= kMaxDepth)
      throw sim::ParamError(where_ + " nests deeper than " + std::to_string(kMaxDepth) + " levels, at " +
                            sim::in_quotes(path_of(scopes_.back())) +
                            " (a preset's values are at most three levels down)");
  }

  struct Scope {
    std::string path;
    bool array;
    size_t next = 0;  // an array's next index
    std::string key;  // an object's latest key
    std::set<std::string> keys;
  };

  // The key path of the current value of `scope` (the latest key, or the next index of an array).
  static std::string path_of(const Scope& scope) {
    if (scope.array) return scope.path + "[" + std::to_string(scope.next) + "]";
    return scope.path.empty() ? scope.key : scope.path + "." + scope.key;
  }
  // The key path of a value that starts now; moves an array on to its next index.
  std::string start_value() {
    if (scopes_.empty()) return "";
    const std::string path = path_of(scopes_.back());
    if (scopes_.back().array) ++scopes_.back().next;
    return path;
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  PresetJson& out_;
  std::string where_;
  std::vector<Scope> scopes_;
};

}  // namespace

std::string plain_words(const json::exception& e) {
  std::string_view what = e.what();
  if (const size_t tag_end = what.find("] "); what.rfind("[json.exception.", 0) == 0 && tag_end != what.npos)
    what.remove_prefix(tag_end + 2);
  return std::string(what);
}

std::string key_source(const std::string& where, const std::string& path) {
  return where + " key " + sim::in_quotes(path);
}

PresetJson parse_preset_json(const std::string& text, const std::string& where) {
  PresetJson out;
  PresetReader reader(out, where);
  json::sax_parse(text, &reader);
  return out;
}

}  // namespace app
