#pragma once
/// The defects of RecordSelection and POST query (000 §4.1 rules 1-2, 000 §4.2): each a Policy (policy.hpp) that
/// answers otherwise where it breaks its rule. Its row in defect_table.cpp names it and says what it breaks.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

/// A word of a RecordSelection outside quoted text: where it starts and ends, and the parenthesis depth.
struct Word {
    std::size_t begin, end;
    int depth;
    std::string lower;
};

/// The words of `text` outside quoted text, in order.
inline std::vector<Word> words_outside_quotes(const std::string& text) {
    std::vector<Word> out;
    bool quoted = false;
    int depth = 0;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '\'') {
            quoted = !quoted;  // '' inside a quote toggles twice: still inside
            ++i;
        } else if (quoted) {
            ++i;
        } else if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : -1;
            ++i;
        } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
            const std::size_t b = i;
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
            std::string lower = text.substr(b, i - b);
            std::transform(lower.begin(), lower.end(), lower.begin(),
                           [](unsigned char ch) { return std::tolower(ch); });
            out.push_back({b, i, depth, std::move(lower)});
        } else {
            ++i;
        }
    }
    return out;
}

/// The ANDs joining conditions (not the AND of BETWEEN x AND y), in order.
inline std::vector<Word> joining_ands(const std::string& text) {
    std::vector<Word> out;
    bool between = false;
    for (auto& w : words_outside_quotes(text)) {
        if (w.lower == "between")
            between = true;
        else if (w.lower == "and" && between)
            between = false;
        else if (w.lower == "and")
            out.push_back(w);
    }
    return out;
}

/// Every AND joining conditions is read as OR.
struct AndAsOr : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint) const override {
        if (!text) return text;
        const auto ands = joining_ands(*text);
        for (auto it = ands.rbegin(); it != ands.rend(); ++it) text->replace(it->begin, it->end - it->begin, "OR");
        return text;
    }
};

/// The RecordSelection dropped at the endpoint `At`.
template <Endpoint At>
struct SelectionDropped : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint endpoint) const override {
        if (endpoint == At) return std::nullopt;
        return text;
    }
};

/// GET resources drops its RecordSelection.
using SelectionIgnored = SelectionDropped<Endpoint::Resources>;

/// '' inside quoted text stays two quotes: the literal compared is what was written, '' included.
struct QuotesNotUnescaped : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint) const override {
        if (!text) return text;
        std::string out;
        bool quoted = false;
        for (std::size_t i = 0; i < text->size(); ++i) {
            const char c = (*text)[i];
            if (c != '\'') {
                out += c;
            } else if (quoted && i + 1 < text->size() && (*text)[i + 1] == '\'') {
                out.append("''''");
                ++i;
            } else {
                quoted = !quoted;
                out += '\'';
            }
        }
        return out;
    }
};

/// Only what comes before the first top-level AND is applied.
struct FirstConditionOnly : Policy {
    std::optional<std::string> selection_applied(std::optional<std::string> text, Endpoint) const override {
        if (!text) return text;
        for (const auto& w : joining_ands(*text))
            if (w.depth == 0) return text->substr(0, w.begin);
        return text;
    }
};

/// Under a case-insensitive collation LIKE compares case while = folds it: a mix no engine has (SQL Server's CI,
/// MariaDB's _ci and SQLite's NOCASE fold in both).
struct LikeCaseSensitiveUnderCi : Policy {
    void reading(Reading& r) const override {
        if (r.collation == Collation::CaseInsensitive) r.like_case = Reading::LikeCase::Exact;
    }
};

/// POST query drops the RecordSelection of its body.
using QueryIgnoresSelection = SelectionDropped<Endpoint::Query>;

/// POST query drops the OrderBy of its body.
struct QueryIgnoresOrder : Policy {
    std::vector<OrderBy> order_applied(std::vector<OrderBy>) const override { return {}; }
};

}  // namespace bds::stub::defect_policies
