// Malformed RecordSelection texts, one family per label, each with a few variants over the record's fields.
#include "generate/malformed_selection_gen.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>

#include "common/text.hpp"
#include "selection/selection.hpp"
#include "sql/text.hpp"

namespace bds::gen {
namespace {

int uniform_int(int lo, int hi) { return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange(lo, hi)); }
template <class T>
const T& pick_one(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(uniform_int(0, static_cast<int>(v.size())))];
}

std::string written(const std::string& name) {
    const bool plain =
        !name.empty() && !(name[0] >= '0' && name[0] <= '9') && std::all_of(name.begin(), name.end(), [](char c) {
            return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        });
    if (plain) return name;
    std::string out = "[";
    for (char c : name) out += c == ']' ? std::string("]]") : std::string(1, c);
    return out + "]";
}

/// The record's fields by what a malformed condition needs of them, written as a condition names them.
struct Fields {
    std::string record;
    std::vector<std::string> all_names;  ///< every field name, for "is this name unknown?"
    std::vector<std::string> any, text, number, integer, time, opaque;
};

Fields sort_fields(const Record& record) {
    Fields f;
    f.record = written(record.name);
    for (const auto& field : record.fields) f.all_names.push_back(field.name);
    for (const auto& field : record.fields) {
        const auto same = std::count_if(record.fields.begin(), record.fields.end(),
                                        [&](const Field& g) { return iequals(g.name, field.name); });
        if (same != 1) continue;
        const std::string name = written(field.name);
        const SqlKind k = field.type.kind;
        if (k == SqlKind::List || k == SqlKind::Timestamp) {
            f.opaque.push_back(name);
            continue;
        }
        try {
            (void)Selection::parse(name + " IS NULL", record);
        } catch (const SelectionError&) {
            continue;
        }
        f.any.push_back(name);
        if (field.type.is_text())
            f.text.push_back(name);
        else if (k == SqlKind::Datetime || k == SqlKind::Datetime2)
            f.time.push_back(name);
        else
            f.number.push_back(name);
        if (k == SqlKind::Int) f.integer.push_back(name);
    }
    if (f.any.empty())
        throw std::invalid_argument("malformed_selection_gen: " + record.name + " has no field a condition can name");
    return f;
}

/// One label: what it needs, and how to build a text (draws inside rc::gen::exec).
struct MalformedFamily {
    std::string why;
    std::function<bool(const Fields&)> applies;
    std::function<std::string(const Fields&)> build;
};

std::string valid_predicate(const Fields& f) {
    switch (uniform_int(0, 3)) {
        case 0: return pick_one(f.any) + " IS NULL";
        case 1: return pick_one(f.any) + " IS NOT NULL";
        default: return f.text.empty() ? pick_one(f.any) + " IS NULL" : pick_one(f.text) + " = 'x'";
    }
}

std::string a_text(const Fields& f) { return f.text.empty() ? pick_one(f.any) : pick_one(f.text); }

bool known(const Fields& f, const std::string& name) {
    return std::any_of(f.all_names.begin(), f.all_names.end(), [&](const std::string& n) { return iequals(n, name); });
}

std::string unknown_name(const Fields& f) {
    std::string base = pick_one(f.any);
    if (base.front() == '[') base = "x";
    std::string name = base + pick_one(std::vector<std::string>{"_x", "2", "_old", "_zz"});
    while (known(f, name)) name += "_x";
    return name;
}

std::string bare_word(const Fields& f) {
    for (int i = 0; i < 4; ++i) {
        const std::string w = pick_one(std::vector<std::string>{"Rossi", "Milano", "abc", "CAF", "yes"});
        if (!known(f, w)) return w;
    }
    return "zzqqx";
}

bool always(const Fields&) { return true; }
bool has_text(const Fields& f) { return !f.text.empty(); }
bool has_number(const Fields& f) { return !f.number.empty(); }

/// The families of malformed conditions: each with when it applies and how it draws one.
const std::vector<MalformedFamily> kFamilies = {
    {"unterminated quote", always,
     [](const Fields& f) {
         return pick_one(std::vector<std::string>{a_text(f) + " = 'abc", a_text(f) + " = N'abc",
                                                  valid_predicate(f) + " AND " + a_text(f) + " LIKE 'ab%",
                                                  a_text(f) + " IN ('a', 'b)"});
     }},
    {"unterminated name", always, [](const Fields& f) { return "[" + pick_one(f.any) + " IS NULL"; }},
    {"unknown column", always,
     [](const Fields& f) {
         const std::string x = unknown_name(f);
         return pick_one(
             std::vector<std::string>{x + " = 'x'", valid_predicate(f) + " AND " + x + " IS NULL", "[" + x + "] = 1"});
     }},
    {"unbalanced parentheses", always,
     [](const Fields& f) {
         const std::string p = valid_predicate(f);
         return pick_one(std::vector<std::string>{"(" + p, p + ")", "((" + p + ")", "(" + p + " AND (" + p + ")",
                                                  p + " AND " + p + "))"});
     }},
    {"trailing garbage", always,
     [](const Fields& f) {
         const std::string p = valid_predicate(f);
         return pick_one(std::vector<std::string>{p + " garbage", p + " 'x'", p + " 42", p + " ,",
                                                  p + " " + pick_one(f.any), a_text(f) + " = 'a' 'b'"});
     }},
    {"dangling operator", always,
     [](const Fields& f) {
         const std::string t = a_text(f), p = valid_predicate(f);
         return pick_one(std::vector<std::string>{t + " =", t + " <>", p + " AND", p + " OR", "NOT", t + " IN",
                                                  t + " IN (", t + " BETWEEN 'a' AND", t + " LIKE", t + " IS",
                                                  t + " IS NOT", "AND " + p, t + " NOT"});
     }},
    {"misplaced NOT", always, [](const Fields& f) { return a_text(f) + " NOT = 'x'"; }},
    {"second statement", always,
     [](const Fields& f) {
         const std::string p = valid_predicate(f);
         return pick_one(std::vector<std::string>{p + "; DROP TABLE " + f.record, p + "; SELECT * FROM " + f.record,
                                                  p + ";", a_text(f) + " = 'x'; DELETE FROM " + f.record + " --"});
     }},
    {"union", always,
     [](const Fields& f) {
         return valid_predicate(f) +
                pick_one(std::vector<std::string>{" UNION SELECT * FROM ", " UNION ALL SELECT * FROM "}) + f.record;
     }},
    {"comment", always,
     [](const Fields& f) {
         const std::string p = valid_predicate(f);
         return pick_one(
             std::vector<std::string>{p + " -- x", p + " /* x */", a_text(f) + " = 'a' --'", "/* c */ " + p});
     }},
    {"function call", always,
     [](const Fields& f) {
         const std::string t = a_text(f);
         return pick_one(std::vector<std::string>{"UPPER(" + t + ") = 'X'", "LEN(" + t + ") > 3", t + " = LOWER('x')",
                                                  "ISNULL(" + t + ", '') = ''",
                                                  "CAST(" + pick_one(f.any) + " AS int) = 1"});
     }},
    {"subquery", always,
     [](const Fields& f) {
         const std::string t = a_text(f);
         return pick_one(std::vector<std::string>{t + " IN (SELECT " + t + " FROM " + f.record + ")",
                                                  "EXISTS (SELECT 1 FROM " + f.record + ")",
                                                  t + " = (SELECT TOP 1 " + t + " FROM " + f.record + ")"});
     }},
    {"literal only", always,
     [](const Fields& f) {
         return pick_one(std::vector<std::string>{"1=1", "'a' = 'a'", valid_predicate(f) + " OR 1 = 1", "1 <> 2",
                                                  "N'x' = N'x'", "NULL = NULL"});
     }},
    {"unquoted text", always,
     [](const Fields& f) {
         const std::string t = a_text(f);
         return pick_one(std::vector<std::string>{t + " = " + bare_word(f),
                                                  t + " IN (" + bare_word(f) + ", " + bare_word(f) + ")"});
     }},
    {"broken quoting", always,
     [](const Fields& f) {
         const std::string t = a_text(f);
         return pick_one(std::vector<std::string>{t + " = 'x' OR '1'='1'", t + " = 'O'Brien'",
                                                  t + " = 'x' OR 'a'='a' --", t + " = '' OR ''=''"});
     }},
    {"double quotes", always,
     [](const Fields& f) {
         const std::string t = a_text(f);
         return pick_one(std::vector<std::string>{"\"" + t + "\" = 'x'", t + " = \"x\""});
     }},
    {"variable", always,
     [](const Fields& f) {
         return pick_one(std::vector<std::string>{a_text(f) + " = @p", "@p = 1"});
     }},
    {"qualified name", always, [](const Fields& f) { return f.record + "." + pick_one(f.any) + " IS NULL"; }},
    {"empty", always,
     [](const Fields&) {
         return pick_one(std::vector<std::string>{"", "   ", "()"});
     }},
    {"too deep", always,
     [](const Fields& f) {
         const std::string p = valid_predicate(f);
         const auto n = static_cast<std::size_t>(kMaxSelectionDepth + uniform_int(1, 8));
         std::string nots;
         for (std::size_t i = 0; i < n; ++i) nots += "NOT ";
         return uniform_int(0, 2) ? std::string(n, '(') + p + std::string(n, ')') : nots + p;
     }},
    {"too long", always,
     [](const Fields& f) {
         const std::string p = valid_predicate(f);
         std::string text = p;
         while (text.size() <= kMaxSelectionLength) text += " OR " + p;
         return text;
     }},
    {"invalid UTF-8", always, [](const Fields& f) { return a_text(f) + " = N'\xC3(\xFF'"; }},
    {"number for text", has_text,
     [](const Fields& f) {
         const std::string t = pick_one(f.text);
         return pick_one(std::vector<std::string>{t + " = 5", "5 = " + t, t + " IN ('a', 1)", t + " BETWEEN 1 AND 2",
                                                  t + " <> -3"});
     }},
    {"non-Windows-1252 in '...'", has_text,
     [](const Fields& f) {
         const std::string t = pick_one(f.text);
         return pick_one(std::vector<std::string>{t + " = '\xC5\x81\xC3\xB3"
                                                      "d\xC5\xBA'",
                                                  t + " LIKE '%\xF0\x9F\x98\x80%'", t + " IN ('\xD0\xB6')"});
     }},
    {"bad LIKE pattern", has_text,
     [](const Fields& f) {
         const std::string t = pick_one(f.text);
         return pick_one(std::vector<std::string>{t + " LIKE '[abc'", t + " LIKE 'ab!' ESCAPE '!'",
                                                  t + " LIKE 'a' ESCAPE 'ab'", t + " LIKE '[]'",
                                                  t + " LIKE 'x' ESCAPE ''"});
     }},
    {"LIKE on a non-text column", has_number, [](const Fields& f) { return pick_one(f.number) + " LIKE '1%'"; }},
    {"number conversion", has_number,
     [](const Fields& f) {
         if (!f.integer.empty() && uniform_int(0, 2))
             return pick_one(f.integer) +
                    pick_one(std::vector<std::string>{" = '1.5'", " = '99999999999'", " = '1 2'"});
         return pick_one(f.number) + pick_one(std::vector<std::string>{" = 'abc'", " = '12abc'", " IN ('uno')"});
     }},
    {"exponent number", has_number,
     [](const Fields& f) {
         return pick_one(f.number) + pick_one(std::vector<std::string>{" = 1e5", " > 2.5E-3"});
     }},
    {"arithmetic", has_number,
     [](const Fields& f) {
         const std::string n = pick_one(f.number);
         return pick_one(std::vector<std::string>{n + " + 1 = 2", n + " = 1 + 1", n + " * 2 > 3", n + " = 10 / 2"});
     }},
    {"mixed-family columns", [](const Fields& f) { return !f.text.empty() && (!f.number.empty() || !f.time.empty()); },
     [](const Fields& f) {
         const std::string other =
             !f.number.empty() && (f.time.empty() || uniform_int(0, 2)) ? pick_one(f.number) : pick_one(f.time);
         return pick_one(f.text) + " = " + other;
     }},
    {"invalid date-time", [](const Fields& f) { return !f.time.empty(); },
     [](const Fields& f) {
         const std::string d = pick_one(f.time);
         return pick_one(std::vector<std::string>{d + " = '2024-02-30'", d + " = 20240131", d + " > 'yesterday'",
                                                  d + " = '31/01/2024'", d + " BETWEEN '2024-01-01' AND '2024-13-01'"});
     }},
    {"list or timestamp column", [](const Fields& f) { return !f.opaque.empty(); },
     [](const Fields& f) {
         const std::string o = pick_one(f.opaque);
         return pick_one(std::vector<std::string>{o + " IS NULL", o + " = 1", o + " IS NOT NULL"});
     }},
    {"empty IN list", always, [](const Fields& f) { return a_text(f) + " IN ()"; }},
};

const std::vector<MalformedFamily>& families() { return kFamilies; }

}  // namespace

const std::vector<std::string>& malformed_selection_labels() {
    static const std::vector<std::string> labels = [] {
        std::vector<std::string> out;
        for (const auto& f : families()) out.push_back(f.why);
        return out;
    }();
    return labels;
}

rc::Gen<MalformedSelection> malformed_selection_gen(const Record& record) {
    auto fields = std::make_shared<const Fields>(sort_fields(record));
    std::vector<const MalformedFamily*> applicable;
    for (const auto& f : families())
        if (f.applies(*fields)) applicable.push_back(&f);
    return rc::gen::exec([fields, applicable] {
        const MalformedFamily& family = *pick_one(applicable);
        return MalformedSelection{family.build(*fields), family.why};
    });
}

}  // namespace bds::gen
