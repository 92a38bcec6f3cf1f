#pragma once
/// Reading a list response whatever its envelope (A-07: "the position of TotalRowsCount is not shown"):
/// an object with TotalRowsCount and exactly one array of rows; a bare array with a TotalRowsCount header;
/// or a bare array whose rows each carry TotalRowsCount.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "client/http_client.hpp"
#include "client/target.hpp"

namespace bds::client {

/// One page of a list.
struct ListPage {
    std::vector<nlohmann::json> rows;    ///< the records, without an envelope's TotalRowsCount member
    std::optional<long long> total;      ///< TotalRowsCount; unknown on an empty page of the row envelope
    EnvelopeSetting envelope = EnvelopeSetting::Object;  ///< the envelope it came in
    std::string rows_member;             ///< Object envelope: the name of the array ("Records")
};

/// Reads a 200 list response. `setting` Auto accepts any of the three envelopes; a fixed setting only that
/// one. Returns the page, or a message saying what was expected and what came (with a JSON pointer).
std::variant<ListPage, std::string> read_list(const HttpResponse& response, EnvelopeSetting setting);

std::string to_string(EnvelopeSetting e);

}  // namespace bds::client
