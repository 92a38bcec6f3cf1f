#pragma once
/// The database under the stub. The seeds give SQL Server type names, not an engine (000 §1 "Field types are
/// given as database types"), so where real engines differ under a correct server the stub can be each of them
/// (spec/assumptions.md A-98..A-108): how values are stored and answered, how long a text is, and how
/// RecordSelection reads a condition. SQL Server is the default.
#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>

#include "catalogue/catalogue.hpp"
#include "schema/record_validator.hpp"
#include "selection/selection.hpp"
#include "stub/variation/choices.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub {

class Engine {
public:
    /// `policy`: the policy answering now (policy.hpp: the reference's, or a defect's on the requests it shows on),
    /// which may read conditions otherwise; none: the reference's.
    explicit Engine(const Choices& choices, std::function<const Policy*()> policy = {})
        : choices_(choices), policy_(std::move(policy)) {}

    /// How this database reads RecordSelection (A-17, A-98..A-104, A-108): always as one real engine does
    /// (oracle/engine_profiles.hpp), so choices that only SQLite has (A-102 `ascii` under ci, A-108 `ascii`) make it
    /// SQLite in every point of the reading; then as the policy says.
    Reading reading() const;
    /// Why this database refuses a condition before running it (A-101: a literal it does not convert), or nullopt.
    std::optional<std::string> refusal(const Selection& selection) const;
    /// Whether nvarchar/nchar lengths count characters rather than UTF-16 units.
    bool lengths_in_code_points() const { return choices_.text_length == Choices::TextLength::CodePoints; }

    /// A sent record's violations this database refuses beyond the validator's (A-105: digits beyond the scale), as
    /// {index, field, pointer, message} appended to `violations`.
    void violations(const Record& record, const nlohmann::json& sent, std::size_t index, int scale,
                    nlohmann::json& violations) const;
    /// `normalized` (the record as SQL Server stores it) as this database stores it: char(n) padding, '' as
    /// NULL, decimals beyond the scale, date-time precision; nested lists too.
    void store(const Catalogue& catalogue, const Record& record, const nlohmann::json& sent, nlohmann::json& normalized,
               int scale) const;
    /// A stored char(n)/nchar(n) value as answered.
    void present_fixed(nlohmann::json& value) const;
    /// A float(n) value as answered: a 4-byte real's value for n <= 24 unless the database keeps doubles.
    void present_float(const SqlType& type, nlohmann::json& value) const;

private:
    Choices choices_;
    std::function<const Policy*()> policy_;
};

}  // namespace bds::stub
