#include "stub/variation/engine.hpp"

#include "sql/datetime.hpp"
#include "sql/decimal.hpp"
#include "sql/text.hpp"

namespace bds::stub {
namespace {

using json = nlohmann::json;
using C = Choices;

bool is_time(const SqlType& t) { return t.kind == SqlKind::Datetime || t.kind == SqlKind::Datetime2; }

/// A sent decimal's exact value, when it has more fractional digits than `scale`.
std::optional<sql::Decimal> beyond_scale(const json& v, int scale) {
    if (!v.is_number()) return std::nullopt;
    const auto d = sql::Decimal::parse(v.dump(), true);
    if (!d || d->round(scale) == *d) return std::nullopt;
    return d;
}

}  // namespace

Reading Engine::reading() const {
    Reading r;
    r.collation = choices_.case_insensitive() ? Collation::CaseInsensitive : Collation::CaseSensitive;
    r.ignore_accents = choices_.accents == C::Accents::Insensitive;
    // Conditions read stored values: padded unless stored as sent.
    r.pad_fixed = choices_.fixed_text != C::FixedText::AsSent;
    r.equality_ignores_trailing_blanks = choices_.trailing_blanks != C::TrailingBlanks::Significant;
    r.like_blanks = choices_.trailing_blanks == C::TrailingBlanks::SqlServer     ? Reading::LikeBlanks::SqlServer
                    : choices_.trailing_blanks == C::TrailingBlanks::Significant ? Reading::LikeBlanks::Significant
                                                                                 : Reading::LikeBlanks::Trimmed;
    r.empty_text_is_null = choices_.empty_text == C::EmptyText::Null;
    r.float_as_double = choices_.float_precision == C::FloatPrecision::Double;
    // Folding ASCII letters only, in = (A-102) or in LIKE, is SQLite's, where it tells: under ci its NOCASE
    // (= and LIKE fold ASCII letters), under cs its BINARY = beside its LIKE. The stub is then SQLite throughout,
    // counting trailing blanks and accents whatever say: no engine mixes them (oracle/engine_profiles).
    const bool ascii_equals = choices_.case_insensitive() && choices_.case_folding == C::CaseFolding::Ascii;
    if (ascii_equals || choices_.like_case == C::LikeCase::Ascii) {
        r.folding = sql::CaseFolding::Ascii;
        r.like_case = choices_.case_insensitive() ? Reading::LikeCase::AsEquals : Reading::LikeCase::Ascii;
        r.ignore_accents = false;
        r.equality_ignores_trailing_blanks = false;
        r.like_blanks = Reading::LikeBlanks::Significant;
    }
    if (policy_) policy_()->reading(r);
    return r;
}

std::optional<std::string> Engine::refusal(const Selection& selection) const {
    if (choices_.conversions == C::Conversions::Strict && selection.traits().lenient_conversions)
        return "a text literal compared with a number or date-time column must be a plain number or YYYY-MM-DD[ hh:mm[:ss[.f]]]";
    return std::nullopt;
}

void Engine::violations(const Record& record, const json& sent, std::size_t index, int scale, json& out) const {
    if (choices_.decimal_excess != C::DecimalExcess::Refuse || !sent.is_object()) return;
    for (const auto& f : record.fields)
        if (f.type.kind == SqlKind::Decimal && sent.contains(f.name) && beyond_scale(sent.at(f.name), scale))
            out.push_back(
                {{"index", index},
                 {"field", f.name},
                 {"pointer", "/" + std::to_string(index) + "/" + f.name},
                 {"message", f.name + " has more than " + std::to_string(scale) + " digits after the point"}});
}

void Engine::store(const Catalogue& catalogue, const Record& record, const json& sent, json& normalized,
                   int scale) const {
    if (!sent.is_object() || !normalized.is_object()) return;
    for (const auto& f : record.fields) {
        const auto s = sent.find(f.name);
        const auto n = normalized.find(f.name);
        if (s == sent.end() || n == normalized.end() || n->is_null()) continue;
        if (f.type.kind == SqlKind::List && s->is_array() && n->is_array() && s->size() == n->size()) {
            if (const Record* item = catalogue.find(f.list_of))
                for (std::size_t i = 0; i < n->size(); ++i) store(catalogue, *item, (*s)[i], (*n)[i], scale);
        } else if (f.type.is_text() && s->is_string()) {
            if (f.nullable && !f.key && choices_.empty_text == C::EmptyText::Null &&
                s->get_ref<const std::string&>().empty())
                *n = nullptr;
            else if (f.type.is_fixed_text() && choices_.fixed_text == C::FixedText::AsSent)
                *n = *s;
        } else if (f.type.kind == SqlKind::Decimal && choices_.decimal_excess == C::DecimalExcess::Truncate) {
            if (const auto d = beyond_scale(*s, scale)) *n = json::parse(d->truncate(scale).str());
        } else if (is_time(f.type) && s->is_string() && choices_.time_precision != C::TimePrecision::SqlServer) {
            const auto t =
                sql::parse_datetime(s->get_ref<const std::string&>(), SqlKind::Datetime2, sql::TimeSource::Record);
            if (!t.ticks) continue;
            const sql::Ticks unit = choices_.time_precision == C::TimePrecision::Microseconds ? 10 : 10'000'000;
            *n = sql::format_datetime((*t.ticks + unit / 2) / unit * unit, SqlKind::Datetime2);
        }
    }
}

void Engine::present_float(const SqlType& type, json& value) const {
    if (choices_.float_precision == C::FloatPrecision::Real && type.is_single_precision_float() && value.is_number())
        value = static_cast<double>(static_cast<float>(value.get<double>()));
}

void Engine::present_fixed(json& value) const {
    if (choices_.fixed_text != C::FixedText::Trimmed || !value.is_string()) return;
    std::string text = value.get<std::string>();
    text.erase(text.find_last_not_of(' ') + 1);
    value = std::move(text);
}

}  // namespace bds::stub
