#pragma once
/// The defects at the limits of what a request may carry (000 §4.1 int32 PageSize and PageNumber, §4.3 LastUtcRun,
/// §1 POST sync bodies, decimal fields): each a Policy (policy.hpp) that answers otherwise where it breaks its rule,
/// the way a server's arithmetic, its database's types or a query builder break it. Its row in defect_table.cpp names
/// it and says what it breaks.
#include <cstdint>
#include <optional>
#include <string>

#include "sql/datetime.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

/// (PageNumber - 1) x PageSize computed in a 32-bit int, checked: past 2^31 - 1 it throws (an OverflowException, or
/// the database refusing the OFFSET), answered 500.
struct PageOffsetOverflow500 : Policy {
    std::optional<std::size_t> page_offset(std::size_t size, std::size_t number) const override {
        const std::size_t offset = (number - 1) * size;  // both at most 2^31 - 1: no overflow in 64 bits
        if (offset > 2147483647u) return std::nullopt;
        return offset;
    }
};

/// (PageNumber - 1) x PageSize computed in a 32-bit int that wraps (unchecked arithmetic), and a negative offset read
/// as 0 (LINQ's Skip): a page far out answers the rows of the first pages.
struct PageOffsetWraps : Policy {
    std::optional<std::size_t> page_offset(std::size_t size, std::size_t number) const override {
        const auto wrapped = static_cast<std::int32_t>(static_cast<std::uint32_t>((number - 1) * size));
        return wrapped < 0 ? 0 : static_cast<std::size_t>(wrapped);
    }
};

/// The block's first record read before its loop (for the fields an INSERT names): an empty block throws, answered
/// 500.
struct EmptyBlock500 : Policy {
    std::optional<std::string> block_server_error(const nlohmann::json& block) const override {
        if (!block.empty()) return std::nullopt;
        return "Index was out of range. Must be non-negative and less than the size of the collection.";
    }
};

/// After a block, one UPDATE stamps its rows (ts_update, dat_ultvar) with an IN list of its keys, through a query
/// builder that leaves an empty IN list out: an empty block stamps every row of the tenant's resource, each of them
/// then a change in the feed.
struct EmptyBlockTouchesAll : Policy {
    bool touches_every_row(std::size_t size) const override { return size == 0; }
};

/// 100 ns ticks of a date-time in the seeds' form.
inline std::int64_t ticks_of(const char* text) {
    return *sql::parse_datetime(text, SqlKind::Datetime2, sql::TimeSource::Literal).ticks;
}

/// LastUtcRun given to a datetime parameter without a range check: before 1753-01-01 the conversion fails, answered
/// 500 (a correct server reads the instant, or refuses it: A-122).
struct FarLastUtcRun500 : Policy {
    std::optional<std::string> feed_server_error(std::int64_t last_utc_run) const override {
        static const std::int64_t first = ticks_of("1753-01-01 00:00:00.000");
        if (last_utc_run >= first) return std::nullopt;
        return "SqlDateTime overflow. Must be between 1/1/1753 12:00:00 AM and 12/31/9999 11:59:59 PM.";
    }
};

/// LastUtcRun converted to smalldatetime (1900-01-01 to 2079-06-06) with a TryParse: a value that does not fit is
/// dropped, and the feed lists every record.
struct FarLastUtcRunIgnored : Policy {
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t> after) const override {
        static const std::int64_t first = ticks_of("1900-01-01 00:00:00.000");
        static const std::int64_t last = ticks_of("2079-06-06 23:59:00.000");
        if (after && (*after < first || *after > last)) return std::nullopt;
        return after;
    }
};

/// Decimals held as binary doubles (a float column, or a double in the server's model): a value of more than 15
/// significant digits comes back as the nearest double prints.
struct DecimalAsDouble : Policy {
    bool keeps_decimal_digits() const override { return false; }
    void before_store(const Record& record, const nlohmann::json&, nlohmann::json& normalized) const override {
        for (const auto& f : record.fields)  // an integer too: 9007199254740993 becomes 9007199254740992
            if (f.type.kind == SqlKind::Decimal && normalized.contains(f.name) && normalized[f.name].is_number())
                normalized[f.name] = normalized[f.name].get<double>();
    }
};

}  // namespace bds::stub::defect_policies
