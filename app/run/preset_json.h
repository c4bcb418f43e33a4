// A preset's JSON text read into a document, with what nlohmann's document loses kept or refused while
// parsing (a SAX handler around nlohmann's own document builder): the text of every floating-point number
// as written, by key path, so that messages quote it and range checks read it (1e-400 is not silently 0);
// a key given twice in one object, refused (JSON leaves it to each parser which one counts; nlohmann keeps
// the last); a number beyond the double range, refused naming its key. Key paths are written as
// "settings.frame_dt", "compare[0].substeps", "drag[1]".
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace app {

struct PresetJson {
  nlohmann::json doc;
  std::map<std::string, std::string> number_text;  // key path -> a floating-point number as written
};

// Throws sim::ParamError starting with `where` ("preset 'a.json'") for text that is not JSON, a duplicate
// key or a number beyond the double range.
PresetJson parse_preset_json(const std::string& text, const std::string& where);

// Where a preset's value came from, for messages: "preset 'a.json' key 'settings.frame_dt'" (escaped).
std::string key_source(const std::string& where, const std::string& path);

// A json exception in plain words: the library's "[json.exception.<kind>.<id>] " tag dropped.
std::string plain_words(const nlohmann::json::exception& e);

}  // namespace app
