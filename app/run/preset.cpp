#include "run/preset.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "assets/text_file.h"
#include "params/quoted.h"
#include "run/preset_json.h"
#include "run/view_options.h"

namespace app {
namespace {

using nlohmann::json;

// A JSON scalar as the text ParamSet::set_text parses; a floating-point number as the file writes it.
std::string scalar_text(const json& v, const PresetJson& preset, const std::string& path,
                        const std::string& source) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_float()) return preset.number_text.at(path);
  if (v.is_number()) return v.dump();
  if (v.is_string()) return v.get<std::string>();
  throw sim::ParamError(source + ": expected a number, boolean or string, got " + std::string(v.type_name()));
}

// "settings" or "params": each key a table entry's name.
void apply_object(const PresetJson& preset, const std::string& section, const std::string& where,
                  sim::ParamSet& target) {
  const json& obj = preset.doc.at(section);
  if (!obj.is_object()) throw sim::ParamError(key_source(where, section) + " must be a JSON object");
  for (const auto& [key, value] : obj.items()) {
    const std::string path = section + "." + key, source = key_source(where, path);
    target.set_text(key, scalar_text(value, preset, path, source), source);
  }
}

// "compare": two objects of settings, each checked against `settings` and turned into the
// "name=value,..." text --compare takes.
std::vector<std::string> compare_overrides(const PresetJson& preset, const std::string& where,
                                           const sim::ParamSet& settings) {
  const json& v = preset.doc.at("compare");
  if (!v.is_array() || v.size() != 2)
    throw sim::ParamError(key_source(where, "compare") +
                          " must be an array of two settings objects (A and B)");
  std::vector<std::string> out;
  for (size_t side = 0; side < v.size(); ++side) {
    const std::string side_path = "compare[" + std::to_string(side) + "]";
    if (!v[side].is_object() || v[side].empty())
      throw sim::ParamError(key_source(where, side_path) + " must be a non-empty object of settings");
    sim::ParamSet checked = settings;
    std::string text;
    for (const auto& [key, value] : v[side].items()) {
      const std::string path = side_path + "." + key, source = key_source(where, path);
      const std::string item = scalar_text(value, preset, path, source);
      if ((key + item).find_first_of(",=") != std::string::npos)
        throw sim::ParamError(source + ": 'compare' names and values may not contain ',' or '='");
      checked.set_text(key, item, source);
      text += (text.empty() ? "" : ",") + key + "=" + item;
    }
    out.push_back(text);
  }
  return out;
}

// A string-valued key.
std::string string_of(const PresetJson& preset, const std::string& where, const std::string& key) {
  const json& v = preset.doc.at(key);
  if (!v.is_string()) throw sim::ParamError(key_source(where, key) + " must be a string");
  return v.get<std::string>();
}

// A key holding a list of strings (`form` says what each is), each parsed by parse(text, its source).
template <class Parse>
auto string_list(const PresetJson& preset, const std::string& where, const std::string& key,
                 const std::string& form, Parse&& parse) {
  const json& items = preset.doc.at(key);
  if (!items.is_array()) throw sim::ParamError(key_source(where, key) + " must be a list of " + form + "s");
  std::vector<decltype(parse(std::string(), std::string()))> out;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string source = key_source(where, key + "[" + std::to_string(i) + "]");
    if (!items[i].is_string()) throw sim::ParamError(source + " must be " + form);
    out.push_back(parse(items[i].get<std::string>(), source));
  }
  return out;
}

// The keys of a parsed preset, applied in a fixed order (scene first: it decides which params exist).
bool apply_document(const PresetJson& preset, const std::string& where, RunOptions& options) {
  const json& doc = preset.doc;
  if (!doc.is_object()) throw sim::ParamError(where + " must hold a JSON object");
  for (const auto& [key, value] : doc.items()) {
    if (key != "scene" && key != "frames" && key != "backend" && key != "settings" && key != "params" &&
        key != "compare" && key != "record" && key != "drag" && key != "at")
      throw sim::ParamError(where + ": unknown key " + sim::in_quotes(key) +
                            " (allowed: scene, frames, backend, settings, params, compare, record, drag, at)");
  }
  if (doc.contains("scene")) {
    try {
      options.select_scene(sim::find_scene(string_of(preset, where, "scene")));
    } catch (const sim::ParamError& e) {
      throw sim::ParamError(key_source(where, "scene") + ": " + e.what());
    }
  }
  if (doc.contains("frames")) {
    const std::string source = key_source(where, "frames");
    options.frames = parse_frames(scalar_text(doc.at("frames"), preset, "frames", source), source);
  }
  if (doc.contains("backend")) {
    try {
      options.backend = sim::parse_backend(string_of(preset, where, "backend"));
    } catch (const std::invalid_argument& e) {
      throw sim::ParamError(key_source(where, "backend") + ": " + e.what());
    }
  }
  if (doc.contains("settings")) apply_object(preset, "settings", where, options.settings);
  if (doc.contains("params")) apply_object(preset, "params", where, options.scene_params);
  if (doc.contains("compare")) options.compare = compare_overrides(preset, where, options.settings);
  if (doc.contains("record")) {
    if (!doc.at("record").is_string() || doc.at("record").get<std::string>().empty())
      throw sim::ParamError(key_source(where, "record") +
                            " must be a file name (.mp4) or a directory ending in '/'");
    options.record = doc.at("record").get<std::string>();
  }
  if (doc.contains("drag"))
    options.drags = string_list(preset, where, "drag", "a drag string (\"particle I from T0 to T1 by DX DY DZ\", ...)",
                                [](const std::string& text, const std::string& source) { return parse_drag(text, source); });
  if (doc.contains("at"))
    options.at = string_list(preset, where, "at", "a \"T name=value\" string",
                             [&](const std::string& text, const std::string& source) {
                               return parse_at(text, source, options.settings);
                             });
  return doc.contains("scene");
}

}  // namespace

bool apply_preset_text(const std::string& text, const std::string& origin, RunOptions& options) {
  const std::string where = "preset " + origin;
  const PresetJson preset = parse_preset_json(text, where);
  try {
    return apply_document(preset, where, options);
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
  if (!options.at.empty()) {
    doc["at"] = json::array();
    for (const ScriptedSetting& change : options.at) doc["at"].push_back(at_text(change));
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
  const sim::TextFile file = sim::read_text_file(path, sim::kMaxPresetBytes, "a preset");
  if (!file.problem.empty())
    throw sim::ParamError("cannot read preset " + sim::in_quotes(path) + ": it " + file.problem);
  return apply_preset_text(file.text, sim::in_quotes(path), options);
}

}  // namespace app
