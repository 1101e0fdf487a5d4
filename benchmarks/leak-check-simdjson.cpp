// Anchor for `lego-bench check`: the leak check written directly against simdjson (Debian libsimdjson-dev), to show
// what a general-purpose fast JSON parser costs on the same trace. It computes what `leak-check.sql` and
// `leak-check.jq` compute: how many objects an `object.alloc` event created that no `object.deinit` event destroyed,
// reading every line of the trace (the header line has neither key and counts for nothing).
//   g++ -O3 -std=c++17 leak-check-simdjson.cpp -lsimdjson -o leak-check-simdjson && ./leak-check-simdjson TRACE
// Prints the count. Like simdjson's own examples it loads the whole file into memory (padded) first.
#include <cstdint>
#include <iostream>
#include <string_view>
#include <unordered_set>
#include <simdjson.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: leak-check-simdjson TRACE\n";
        return 2;
    }
    simdjson::padded_string json;
    if (simdjson::padded_string::load(argv[1]).get(json)) {
        std::cerr << "leak-check-simdjson: cannot read " << argv[1] << "\n";
        return 2;
    }
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document_stream lines;
    if (parser.iterate_many(json).get(lines)) {
        std::cerr << "leak-check-simdjson: not JSON lines\n";
        return 2;
    }
    std::unordered_set<uint64_t> live;
    for (auto line : lines) {
        simdjson::ondemand::object event;
        if (line.get_object().get(event)) return 2;
        std::string_view kind;
        uint64_t object = 0;
        bool hasKind = false, hasObject = false;
        // Fields in any order, as a reader of the format must accept them.
        for (auto field : event) {
            std::string_view key;
            if (field.unescaped_key().get(key)) return 2;
            if (key == "kind") hasKind = !field.value().get_string().get(kind);
            else if (key == "obj") hasObject = !field.value().get_uint64().get(object);
        }
        if (!hasKind || !hasObject) continue;
        if (kind == "object.alloc") live.insert(object);
        else if (kind == "object.deinit") live.erase(object);
    }
    std::cout << live.size() << "\n";
    return 0;
}
