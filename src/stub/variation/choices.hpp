#pragma once
/// Choices: where the seeds leave a behaviour "not shown" (spec/assumptions.md), the stub can behave in more
/// than one way a correct server might. Each choice is named by the assumption it varies, its first value
/// is the reference stub's default. `conformance stub --choose A-08=5000,A-61=utf8`, `--choices random:SEED`.
/// The tolerance matrix (`conformance selfcheck`) runs every suite under each one: no MUST failure may follow
/// from a choice.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "schema/envelope.hpp"

namespace bds::stub {

struct Choices {
    // Tokens (000 §5)
    enum class TokenResponse : std::uint8_t { Rfc, Owin, NoExpiry } token_response{};  ///< A-01
    enum class TokenInfo : std::uint8_t { Object, Claims, Text } token_info{};         ///< A-02
    enum class TokenLifetime : std::uint8_t { Configured, Short } token_lifetime{};    ///< A-03
    enum class AuthOrder : std::uint8_t { TokenFirst, ResourceFirst } auth_order{};    ///< A-05
    // Lists (000 §4.1, §8)
    using Envelope = bds::Envelope;
    Envelope envelope{};                                                          ///< A-07
    enum class RowsMember : std::uint8_t { Records, Data, Items } rows_member{};  ///< A-80
    enum class PageCap : std::uint8_t { C10000, None, C100, C5000 } page_cap{};   ///< A-08
    enum class OverCap : std::uint8_t { Refuse, Clamp } over_cap{};               ///< A-81
    enum class DefaultPage : std::uint8_t { All, Fifty } default_page{};          ///< A-82
    enum class PagingValues : std::uint8_t { Strict, Lenient } paging_values{};   ///< A-09
    enum class RowOrder : std::uint8_t { Key, Insertion, Shuffle } row_order{};   ///< A-11
    enum class Deleted : std::uint8_t { Shown, Hidden };
    Deleted deleted_in_lists{};                                                        ///< A-12
    Deleted deleted_in_views{};                                                        ///< A-42
    enum class Nulls : std::uint8_t { Null, Omitted } nulls{};                         ///< A-13
    enum class DatetimeForm : std::uint8_t { Iso, Z, Offset, Space } datetime_form{};  ///< A-14
    enum class Rowversion : std::uint8_t { Base64, Integer, Hex } rowversion{};        ///< A-15
    enum class DecimalForm : std::uint8_t { Number, String } decimal_form{};           ///< A-83
    enum class DecimalScale : std::uint8_t { S6, S4, S2 } decimal_scale{};             ///< A-16
    enum class Collation : std::uint8_t { Ci, Cs } collation{};                        ///< A-17
    enum class CodePage : std::uint8_t { Refuse, Replace, Utf8 } code_page{};          ///< A-61
    // Errors (000 §7)
    enum class ErrorBody : std::uint8_t { Json, Nested, Text, Empty } error_body{};    ///< A-43
    enum class BadInputStatus : std::uint8_t { S400, S422 } bad_input_status{};        ///< A-84
    enum class WrongMethod : std::uint8_t { S404, S405 } wrong_method{};               ///< A-46
    enum class ParameterCase : std::uint8_t { Exact, Any } parameter_case{};           ///< A-45
    enum class RepeatedParameter : std::uint8_t { First, Last } repeated_parameter{};  ///< A-73
    enum class RateLimit : std::uint8_t { None, Some429 } rate_limit{};                ///< A-44
    // Change feed (000 §4.3)
    enum class FeedElsewhere : std::uint8_t { Served, S403, S404 } feed_elsewhere{};          ///< A-21
    enum class LastUtcRunForms : std::uint8_t { SeedAndIso, SeedOnly } last_utc_run_forms{};  ///< A-22
    enum class ChangeClock : std::uint8_t { Utc, Skewed } change_clock{};                     ///< A-23
    enum class ChangePrecision : std::uint8_t { Ticks, Datetime } change_precision{};         ///< A-79
    enum class LastUtcRunRange : std::uint8_t { Datetime2, Datetime } last_utc_run_range{};   ///< A-122
    // Writing (000 §4.4)
    enum class SyncAnswer : std::uint8_t { Count, Empty, Results, Text } sync_answer{};  ///< A-24
    enum class Allow : std::uint8_t { Refused, Ignored };
    enum class TenantInBody : std::uint8_t { Ignored, Refused } tenant_in_body{};          ///< A-26
    Allow platform_fields{};                                                               ///< A-27
    Allow unknown_fields{};                                                                ///< A-28
    Allow allowed_values{};                                                                ///< A-33
    enum class DuplicateKeys : std::uint8_t { LastWins, Refused } duplicate_keys{};        ///< A-29
    enum class EmptyBlock : std::uint8_t { Accepted, Refused } empty_block{};              ///< A-30
    enum class MaxBlock : std::uint8_t { B10000, B500 } max_block{};                       ///< A-31
    enum class ContentType : std::uint8_t { Json, Any } content_type{};                    ///< A-32
    enum class LineOrder : std::uint8_t { Sent, Reversed } line_order{};                   ///< A-78
    enum class DeletedHeaderLines : std::uint8_t { Kept, Hidden } deleted_header_lines{};  ///< A-36
    enum class ViewWriteStatus : std::uint8_t { S403, S405, S404 } view_write_status{};    ///< A-37
    enum class Upsert : std::uint8_t { Replace, Merge } upsert{};                          ///< A-60
    enum class IdOnUpdate : std::uint8_t { Kept, New } id_on_update{};                     ///< A-77
    // Views (001 §2.3-2.7)
    enum class ViewDerivation : std::uint8_t { Own, Joined } view_derivation{};    ///< A-67
    enum class Week : std::uint8_t { Iso, Us, MondayZero } week{};                 ///< A-39
    enum class ResourcesListed : std::uint8_t { User, Views } resources_listed{};  ///< A-40
    enum class QueryBody : std::uint8_t { Nested, Flat, Sql } query_body{};        ///< A-41
    enum class QueryElsewhere : std::uint8_t { S404, Served } query_elsewhere{};   ///< A-85
    enum class NullOrder : std::uint8_t { First, Last } null_order{};              ///< A-96
    // The database under the server (000 §1 gives SQL Server type names, not an engine): engine.hpp
    enum class FixedText : std::uint8_t { Padded, AsSent, Trimmed } fixed_text{};                    ///< A-98
    enum class TrailingBlanks : std::uint8_t { SqlServer, Significant, Trimmed } trailing_blanks{};  ///< A-99
    enum class EmptyText : std::uint8_t { Kept, Null } empty_text{};                                 ///< A-100
    enum class Conversions : std::uint8_t { Lenient, Strict } conversions{};                         ///< A-101
    enum class CaseFolding : std::uint8_t { Letters, Ascii } case_folding{};                         ///< A-102
    enum class Accents : std::uint8_t { Sensitive, Insensitive } accents{};                          ///< A-103
    enum class FloatPrecision : std::uint8_t { Real, Double } float_precision{};                     ///< A-104
    enum class DecimalExcess : std::uint8_t { Round, Truncate, Refuse } decimal_excess{};            ///< A-105
    enum class TimePrecision : std::uint8_t { SqlServer, Microseconds, Seconds } time_precision{};   ///< A-106
    enum class TextLength : std::uint8_t { Utf16, CodePoints } text_length{};                        ///< A-107
    enum class LikeCase : std::uint8_t { Collation, Ascii } like_case{};                             ///< A-108
    enum class NestedLists : std::uint8_t { Refused, Empty } nested_lists{};                         ///< A-109
    /// The database RecordSelection and a query's OrderBy are passed into (sql_engine.hpp); `Sqlite` implies the
    /// engine choices that say how SQLite stores and compares (implied()).
    enum class Database : std::uint8_t { Evaluator, Sqlite } database{};         ///< A-115
    enum class CountForm : std::uint8_t { Number, String } count_form{};         ///< A-118
    enum class IdNumbering : std::uint8_t { PerTenant, Shared } id_numbering{};  ///< A-119

    /// The seed of the fixed shuffle of RowOrder::Shuffle (set by random choices; any value is a valid server).
    std::uint64_t shuffle_seed = 1;

    // What several places ask, in one place.
    bool case_insensitive() const { return collation == Collation::Ci; }
    int scale() const { return decimal_scale == DecimalScale::S6 ? 6 : decimal_scale == DecimalScale::S4 ? 4 : 2; }
    int precision() const {
        return decimal_scale == DecimalScale::S6 ? 19 : decimal_scale == DecimalScale::S4 ? 18 : 38;
    }
    /// The largest PageSize served; 0: no cap.
    std::size_t max_page_size() const;
    std::size_t max_block_records() const { return max_block == MaxBlock::B10000 ? 10000 : 500; }
};

/// One choice: its assumption id, what it varies, its values (the first is the reference stub's default) and
/// what each value makes the stub do.
struct ChoiceInfo {
    std::string_view id;
    std::string_view title;
    std::vector<std::string_view> values;
    std::vector<std::string_view> meanings;
    std::size_t (*get)(const Choices&);
    void (*set)(Choices&, std::size_t);
    /// The target file says which it is (a setting, e.g. the POST query template): no check needs to observe it.
    bool declared = false;
};

/// Every choice, in assumption order.
const std::vector<ChoiceInfo>& choice_table();
/// The choice with `id`, or nullptr.
const ChoiceInfo* find_choice(std::string_view id);

/// A choice spec that cannot be used: what was expected and what came.
struct ChoiceError {
    std::string message;
};

/// Applies "A-08=5000,A-61=utf8" (ids and values of choice_table) to `choices`; "random:SEED" draws every
/// choice from SEED (the same SEED, the same choices). Throws ChoiceError.
void apply_choices(Choices& choices, std::string_view spec);
/// Every choice drawn from `seed`.
Choices random_choices(std::uint64_t seed);
/// `choices` with what one choice implies of others: under A-115=sqlite the engine choices that describe how SQLite
/// stores and compares where a selection meets them (A-17 cs, A-98 as-sent, A-99 significant, A-100 kept, A-101
/// lenient: SQLite converts, the stub refuses nothing before it, A-102 and A-108 ascii, A-103 sensitive, A-104 double,
/// A-96 first). apply_choices and random_choices return them implied, and the stub implies them again.
Choices implied(Choices choices);
/// "A-08=5000,A-61=utf8": the choices that differ from the defaults ("" when none), in table order.
std::string describe(const Choices& choices);
/// The value `choices` has for `info`.
std::string_view value_of(const ChoiceInfo& info, const Choices& choices);

}  // namespace bds::stub
