#include "run/preset.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>

#include "run/view_options.h"

namespace app {
namespace {

using nlohmann::json;

// A json exception in plain words: the library's "[json.exception.<kind>.<id>] " tag dropped.
std::string plain_words(const json::exception& e) {
  std::string_view what = e.what();
  if (const size_t tag_end = what.find("] "); what.rfind("[json.exception.", 0) == 0 && tag_end != what.npos)
    what.remove_prefix(tag_end + 2);
  return std::string(what);
}

// A JSON scalar as the text ParamSet::set_text parses.
std::string scalar_text(const json& v, const std::string& where) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) {
    std::ostringstream out;
    out.precision(17);
    out << v.get<double>();
    return out.str();
  }
  if (v.is_string()) return v.get<std::string>();
  throw sim::ParamError(where + ": expected a number, boolean or string, got " + std::string(v.type_name()));
}

void apply_object(const json& obj, const std::string& where, sim::ParamSet& target) {
  if (!obj.is_object()) throw sim::ParamError(where + " must be a JSON object");
  for (const auto& [key, value] : obj.items()) {
    try {
      target.set_text(key, scalar_text(value, where + "." + key));
    } catch (const sim::ParamError& e) {
      throw sim::ParamError(where + ": " + e.what());
    }
  }
}

// "compare": two objects of settings, each turned into the "name=value,..." text --compare takes.
std::vector<std::string> compare_overrides(const json& v, const std::string& where) {
  if (!v.is_array() || v.size() != 2)
    throw sim::ParamError(where + ": 'compare' must be an array of two settings objects (A and B)");
  std::vector<std::string> out;
  for (const json& side : v) {
    if (!side.is_object() || side.empty())
      throw sim::ParamError(where + ": each 'compare' entry must be a non-empty object of settings");
    std::string text;
    for (const auto& [key, value] : side.items()) {
      const std::string item = scalar_text(value, where + ".compare." + key);
      if ((key + item).find_first_of(",=") != std::string::npos)
        throw sim::ParamError(where + ": 'compare' names and values may not contain ',' or '=' ('" + key + "')");
      text += (text.empty() ? "" : ",") + key + "=" + item;
    }
    out.push_back(text);
  }
  return out;
}

// The keys of a parsed preset, applied in a fixed order (scene first: it decides which params exist).
bool apply_document(const json& doc, const std::string& where, RunOptions& options) {
  if (!doc.is_object()) throw sim::ParamError(where + " must hold a JSON object");
  for (const auto& [key, value] : doc.items()) {
    if (key != "scene" && key != "frames" && key != "backend" && key != "settings" && key != "params" &&
        key != "compare" && key != "record" && key != "drag")
      throw sim::ParamError(where + ": unknown key '" + key +
                            "' (allowed: scene, frames, backend, settings, params, compare, record, drag)");
  }
  if (doc.contains("scene")) {
    if (!doc["scene"].is_string()) throw sim::ParamError(where + ": 'scene' must be a string");
    options.select_scene(sim::find_scene(doc["scene"].get<std::string>()));
  }
  if (doc.contains("frames")) {
    const json& f = doc["frames"];
    if (!f.is_number_integer() || f.get<long long>() < 1 || f.get<long long>() > kMaxFrames)
      throw sim::ParamError(where + ": 'frames' must be an integer in [1, " + std::to_string(kMaxFrames) +
                            "]");
    options.frames = f.get<int>();
  }
  if (doc.contains("backend")) {
    if (!doc["backend"].is_string()) throw sim::ParamError(where + ": 'backend' must be a string");
    try {
      options.backend = sim::parse_backend(doc["backend"].get<std::string>());
    } catch (const std::invalid_argument& e) {
      throw sim::ParamError(where + ": " + e.what());
    }
  }
  if (doc.contains("settings")) apply_object(doc["settings"], where + " settings", options.settings);
  if (doc.contains("params")) apply_object(doc["params"], where + " params", options.scene_params);
  if (doc.contains("compare")) options.compare = compare_overrides(doc["compare"], where);
  if (doc.contains("record")) {
    if (!doc["record"].is_string() || doc["record"].get<std::string>().empty())
      throw sim::ParamError(where + ": 'record' must be a file name (.mp4) or a directory ending in '/'");
    options.record = doc["record"].get<std::string>();
  }
  if (doc.contains("drag")) {
    const json& drags = doc["drag"];
    if (!drags.is_array()) throw sim::ParamError(where + ": 'drag' must be a list of \"T0 X0 Y0 T1 X1 Y1\" strings");
    options.drags.clear();
    for (const json& d : drags) {
      if (!d.is_string()) throw sim::ParamError(where + ": each 'drag' must be a \"T0 X0 Y0 T1 X1 Y1\" string");
      options.drags.push_back(parse_drag(d.get<std::string>(), where + " drag"));
    }
  }
  return doc.contains("scene");
}

}  // namespace

bool apply_preset_text(const std::string& text, const std::string& origin, RunOptions& options) {
  const std::string where = "preset " + origin;
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::out_of_range& e) {  // id 406: valid JSON, but a number past the double range
    std::string number = plain_words(e);
    number.erase(0, number.find('\''));
    throw sim::ParamError(where + ": the number " + number +
                          " is beyond the range of a double (about 1.8e308)");
  } catch (const json::exception& e) {
    throw sim::ParamError(where + " is not valid JSON: " + plain_words(e));
  }
  try {
    return apply_document(doc, where, options);
  } catch (const json::exception& e) {
    throw sim::ParamError(where + ": " + plain_words(e));
  }
}

nlohmann::json params_json(const sim::ParamSet& p) {
  json out = json::object();
  for (const sim::ParamSpec& s : p.specs()) {
    if (s.type == sim::ParamType::Int)
      out[s.name] = (long long)(p.get(s.name));
    else if (s.type == sim::ParamType::Real)
      out[s.name] = p.get(s.name);
    else if (s.type == sim::ParamType::Bool)
      out[s.name] = p.get_bool(s.name);
    else
      out[s.name] = p.text(s.name);
  }
  return out;
}

std::string preset_text(const RunOptions& options) {
  json doc = {{"scene", options.scene->name},
              {"frames", options.frames},
              {"backend", sim::backend_name(options.backend)},
              {"settings", params_json(options.settings)},
              {"params", params_json(options.scene_params)}};
  if (!options.compare.empty()) {
    json sides = json::array();
    for (const std::string& overrides : options.compare) {
      const json all = params_json(apply_overrides(options.settings, overrides));
      json named = json::object();  // the settings the side names, typed
      std::istringstream items(overrides);
      for (std::string item; std::getline(items, item, ',');) {
        const std::string key = item.substr(0, item.find('='));
        named[key] = all.at(key);
      }
      sides.push_back(named);
    }
    doc["compare"] = sides;
  }
  if (!options.record.empty()) doc["record"] = options.record;
  if (!options.drags.empty()) {
    doc["drag"] = json::array();
    for (const ScriptedDrag& d : options.drags) doc["drag"].push_back(drag_text(d));
  }
  return doc.dump(2) + "\n";
}

void save_preset(const std::string& path, const RunOptions& options) {
  std::ofstream out(path);
  if (!out) throw sim::ParamError("cannot write preset '" + path + "'");
  out << preset_text(options);
  if (!out.flush()) throw sim::ParamError("cannot write preset '" + path + "'");
}

bool apply_preset_file(const std::string& path, RunOptions& options) {
  std::ifstream in(path);
  if (!in) throw sim::ParamError("cannot read preset '" + path + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return apply_preset_text(buffer.str(), "'" + path + "'", options);
}

}  // namespace app
