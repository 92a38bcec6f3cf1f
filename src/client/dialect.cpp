#include "client/dialect.hpp"

#include <algorithm>
#include <stdexcept>

#include "selection/selection.hpp"
#include "sql/text.hpp"

namespace bds::client {
namespace {

using json = nlohmann::json;

/// Every dialect, in the order of the enumerations' values.
std::vector<Dialect> every_dialect() {
    std::vector<Dialect> out;
    for (int latin = 0; latin < 2; ++latin)
        for (int bmp = 0; bmp < 2; ++bmp)
            for (int astral = 0; astral < 2; ++astral)
                for (int bit = 0; bit < 3; ++bit)
                    for (const bool escapes : {false, true})
                        out.push_back({static_cast<Dialect::Text>(latin), static_cast<Dialect::Text>(bmp),
                                       static_cast<Dialect::Text>(astral), static_cast<Dialect::Bit>(bit), escapes});
    return out;
}

int differences(const Dialect& a, const Dialect& b) {
    return (a.latin != b.latin) + (a.bmp != b.bmp) + (a.astral != b.astral) + (a.bit != b.bit) +
           (a.backslash_escapes != b.backslash_escapes);
}

LiteralSpelling spelling(const Dialect& d) {
    LiteralSpelling s;
    s.national = [d](const std::string& text) { return d.text_form(text) == Dialect::Text::National; };
    s.bit_true = d.bit_literal(true);
    s.bit_false = d.bit_literal(false);
    s.double_backslashes = d.backslash_escapes;
    return s;
}

template <class E>
E form_named(const json& doc, const char* member, const std::vector<std::string>& names) {
    const auto it = doc.find(member);
    const std::string name = it->is_string() ? it->get<std::string>() : it->dump();
    const auto at = std::find(names.begin(), names.end(), name);
    if (at == names.end())
        throw std::invalid_argument(std::string("dialect.") + member + " is \"" + name + "\"; expected one of " +
                                    names.front() + ", " + names.back());
    return static_cast<E>(at - names.begin());
}

const std::vector<std::string> kTextNames = {"plain", "national"};
const std::vector<std::string> kBitNames = {"number", "boolean", "quoted"};

}  // namespace

Dialect::Text Dialect::text_form(const std::string& utf8) const {
    Text form = latin;
    if (const auto units = sql::utf8_to_u32(utf8))
        for (char32_t c : *units) {
            if (c > 0xFFFF) return astral;
            if (!sql::in_windows_1252(c)) form = bmp;
        }
    return form;
}

std::string Dialect::text_literal(const std::string& value) const {
    std::string out = text_form(value) == Text::National ? "N'" : "'";
    for (char c : value) {
        out += c;
        if (c == '\'' || (c == '\\' && backslash_escapes)) out += c;
    }
    return out + "'";
}

std::string Dialect::bit_literal(bool value) const {
    switch (bit) {
        case Bit::Boolean: return value ? "true" : "false";
        case Bit::Quoted: return value ? "'1'" : "'0'";
        case Bit::Number: break;
    }
    return value ? "1" : "0";
}

std::string Dialect::describe() const {
    const auto form = [](Text t) { return t == Text::National ? std::string("N'…'") : std::string("'…'"); };
    return "texts " + form(latin) + " within Windows-1252, " + form(bmp) + " beyond it, " + form(astral) +
           " beyond U+FFFF; bits " + bit_literal(true) + "/" + bit_literal(false) +
           (backslash_escapes ? "; a backslash doubled" : "");
}

std::string to_string(Dialect::Text form) { return kTextNames[static_cast<std::size_t>(form)]; }
std::string to_string(Dialect::Bit form) { return kBitNames[static_cast<std::size_t>(form)]; }

Dialect dialect_from_json(const json& doc) {
    Dialect d;
    if (doc.contains("latin_text")) d.latin = form_named<Dialect::Text>(doc, "latin_text", kTextNames);
    if (doc.contains("bmp_text")) d.bmp = form_named<Dialect::Text>(doc, "bmp_text", kTextNames);
    if (doc.contains("astral_text")) d.astral = form_named<Dialect::Text>(doc, "astral_text", kTextNames);
    if (doc.contains("bit")) d.bit = form_named<Dialect::Bit>(doc, "bit", kBitNames);
    if (doc.contains("backslash")) d.backslash_escapes = form_named<int>(doc, "backslash", {"literal", "escape"}) == 1;
    return d;
}

DialectState::DialectState(const Catalogue& catalogue, std::optional<Dialect> declared)
    : catalogue_(catalogue), declared_(declared.has_value()), value_(declared.value_or(Dialect{})) {}

bool DialectState::settled() const {
    std::lock_guard lock(mutex_);
    return declared_ || probed_;
}

Dialect DialectState::get() const {
    std::lock_guard lock(mutex_);
    return value_;
}

void DialectState::found(const Dialect& dialect, const std::string& how) {
    std::lock_guard lock(mutex_);
    if (declared_) return;
    if (!(dialect == value_)) notes_.push_back("RecordSelection literals: " + dialect.describe() + " (" + how + ")");
    value_ = dialect;
    probed_ = true;
}

std::string DialectState::spelled(const std::string& resource, const std::string& selection,
                                  const Dialect& dialect) const {
    const Record* record = catalogue_.find(resource);
    if (!record || dialect == Dialect{}) return selection;  // composed in SQL Server's forms already
    try {
        const Selection parsed = Selection::parse(selection, *record);
        // The text as composed when the forms change nothing: what SQL Server's forms print is what was sent.
        const std::string target = parsed.to_string(spelling(dialect));
        return target == parsed.to_string(spelling(Dialect{})) ? selection : target;
    } catch (const SelectionError&) {
        return selection;
    }
}

std::vector<Dialect> DialectState::alternatives(const std::string& resource, const std::string& selection,
                                                const Dialect& current) const {
    std::vector<Dialect> out;
    {
        std::lock_guard lock(mutex_);
        if (declared_ || probed_) return out;
    }
    std::vector<Dialect> all = every_dialect();
    std::stable_sort(all.begin(), all.end(), [&](const Dialect& a, const Dialect& b) {
        return differences(a, current) < differences(b, current);
    });
    std::vector<std::string> texts = {spelled(resource, selection, current)};
    for (const Dialect& d : all) {
        std::string text = spelled(resource, selection, d);
        if (std::find(texts.begin(), texts.end(), text) != texts.end()) continue;
        texts.push_back(std::move(text));
        out.push_back(d);
    }
    return out;
}

void DialectState::learnt(const Dialect& before, const Dialect& after, const std::string& what) {
    std::lock_guard lock(mutex_);
    if (!(value_ == before)) return;  // another read learnt first
    value_ = after;
    notes_.push_back("RecordSelection literals: " + what + " was refused in " + before.describe() +
                     " and accepted in " + after.describe() + "; the run's own reads use these from then on");
}

std::vector<std::string> DialectState::notes() const {
    std::lock_guard lock(mutex_);
    return notes_;
}

}  // namespace bds::client
