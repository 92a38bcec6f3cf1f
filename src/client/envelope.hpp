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
    std::vector<nlohmann::json> rows;      ///< the records, without an envelope's TotalRowsCount member
    std::optional<long long> total;        ///< TotalRowsCount; unknown on an empty page of the row envelope
    Envelope envelope = Envelope::Object;  ///< the envelope it came in
    std::string rows_member;               ///< Object envelope: the name of the array ("Records")
    /// The JSON type TotalRowsCount came as in the body ("number", "string"; not shown, A-118); empty for a header.
    std::string total_type;
};

/// Reads a 200 list response. `setting` unset ("auto") accepts any of the three envelopes; a set one only that
/// one. Returns the page, or a message saying what was expected and what came (with a JSON pointer).
std::variant<ListPage, std::string> read_list(const HttpResponse& response, std::optional<Envelope> setting);

/// The envelope's spelling (bds::to_string), or "auto" when unset.
std::string to_string(std::optional<Envelope> setting);

/// Transitional: the spellings of the former enum EnvelopeSetting, until suites/ name bds::Envelope (and
/// std::nullopt for Auto) themselves. Remove then.
namespace EnvelopeSetting {
inline constexpr std::optional<Envelope> Auto = std::nullopt;
inline constexpr Envelope Object = Envelope::Object;
inline constexpr Envelope Header = Envelope::Header;
inline constexpr Envelope RowField = Envelope::RowField;
}  // namespace EnvelopeSetting

}  // namespace bds::client
