#pragma once
/// The requirement map written out: the console table of `conformance coverage`, and its --report formats (md, json,
/// html). reports/requirements.md is the Markdown form, generated and drift-tested.
#include <nlohmann/json.hpp>

#include <ostream>

#include "coverage/coverage.hpp"

namespace bds::coverage {

/// One line per statement: id, status, level, what holds it; then the counts.
void write_console(const Matrix& m, std::ostream& out);
/// The Markdown page (reports/requirements.md): counts, then a table per seed document.
void write_markdown(const Matrix& m, std::ostream& out);
/// The map as data: {"counts": …, "problems": […], "statements": [{id, quote, binds, kind, status, level, checks, …}]}.
nlohmann::ordered_json to_json(const Matrix& m);
/// One self-contained HTML page of the map.
void write_html(const Matrix& m, std::ostream& out);

}  // namespace bds::coverage
