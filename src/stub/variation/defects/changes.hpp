#pragma once
/// The defects of the change feed and logical deletion (000 §4.3, 000 §1): each a Policy (policy.hpp) that answers
/// otherwise where it breaks its rule. Its row in defect_table.cpp names it and says what it breaks.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sql/datetime.hpp"
#include "stub/store.hpp"
#include "stub/variation/policy.hpp"

namespace bds::stub::defect_policies {

using json = nlohmann::json;

/// The change feed answers its rows without TotalRowsCount.
struct FeedTotalMissing : Policy {
    std::optional<json> total_answered(Endpoint endpoint, std::size_t, std::size_t total) const override {
        if (endpoint == Endpoint::Feed) return std::nullopt;
        return json(total);
    }
};

/// The feed lists every record whatever LastUtcRun says.
struct FeedIgnoresLastUtcRun : Policy {
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t>) const override { return std::nullopt; }
};

/// The feed leaves out logically deleted records.
struct FeedOmitsDeletions : Policy {
    bool visible(bool deleted, const ListQuery& q) const override { return !(q.endpoint == Endpoint::Feed && deleted); }
};

/// LastUtcRun read as Italian local time (UTC+1): one hour earlier in UTC.
struct FeedLocalTime : Policy {
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t> after) const override {
        if (after) *after -= std::int64_t{3600} * 10'000'000;
        return after;
    }
};

/// The change stamp is set on insert only.
struct FeedMissesUpdates : Policy {
    void upsert(const Row* old, json& record, StoreEdit& edit) const override {
        if (!old) return;
        record["dat_ultvar"] = old->record.at("dat_ultvar");
        edit.changed = old->changed;
    }
};

/// The feed's count lacks its condition on dat_ultvar (a feed has no selection: every row was read).
struct FeedTotalIgnoresLastUtcRun : Policy {
    std::size_t total_rows_count(const User&, const Record&, const ListQuery& q, std::size_t matching, std::size_t,
                                 std::size_t read) const override {
        return q.endpoint == Endpoint::Feed ? read : matching;
    }
    bool narrows_reads() const override { return false; }
};

/// A record sent deleted is removed instead of flagged.
struct PhysicalDeletion : Policy {
    void upsert(const Row*, json& record, StoreEdit& edit) const override {
        if (record.value("flg_isdeleted", false) == true) edit.remove = true;
    }
};

/// Every row answered with flg_isdeleted false.
struct DeletedFlagReset : Policy {
    void present(json& row) const override {
        if (row.contains("flg_isdeleted")) row["flg_isdeleted"] = false;
    }
};

/// Once deleted, a record stays deleted.
struct UndeleteIgnored : Policy {
    void upsert(const Row* old, json& record, StoreEdit&) const override {
        if (old && old->record.value("flg_isdeleted", false) == true) record["flg_isdeleted"] = true;
    }
};

/// A record without flg_isdeleted is taken as active.
struct MissingFlagAccepted : Policy {
    bool edits_sent() const override { return true; }
    void before_validate(const Record&, json& sent) const override {
        if (sent.is_object() && !sent.contains("flg_isdeleted")) sent["flg_isdeleted"] = false;
    }
};

/// Logical deletion written only for the resources with a change feed: elsewhere flg_isdeleted is stored false.
struct DeletionOnlyWithFeed : Policy {
    bool edits_sent() const override { return true; }
    void before_validate(const Record& record, json& sent) const override {
        if (!record.has(Operation::GetSync) && sent.is_object() && sent.contains("flg_isdeleted"))
            sent["flg_isdeleted"] = false;
    }
};

/// A NOT NULL bit answered as null (a driver that maps bit to a nullable boolean and loses it).
struct DeletedFlagNull : Policy {
    void present(json& row) const override { row["flg_isdeleted"] = nullptr; }
};

/// LastUtcRun parsed without a zone and converted to UTC on a server five hours west of it: five hours later.
struct FeedInstantWest : Policy {
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t> after) const override {
        if (after) *after += std::int64_t{5 * 3600} * 10'000'000;
        return after;
    }
};

/// LastUtcRun parsed with a format of whole seconds: its fraction dropped, so the second's earlier changes return.
struct FeedInstantWholeSeconds : Policy {
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t> after) const override {
        if (after) *after -= *after % 10'000'000;
        return after;
    }
};

/// OFFSET/FETCH on the table, then the condition on dat_ultvar in code: a page of the feed is a page of the table,
/// filtered (so its count is the table's too).
struct FeedPagedBeforeFiltering : Policy {
    std::optional<std::int64_t> feed_after(std::optional<std::int64_t>) const override { return std::nullopt; }
    bool needs_all_rows(const ListQuery& q) const override { return q.endpoint == Endpoint::Feed; }
    void arrange(const Record&, const ListQuery& q, std::vector<json>& rows, std::size_t& first) const override {
        if (q.endpoint != Endpoint::Feed || !q.last_utc_run) return;
        const std::size_t begin = std::min(first, rows.size());
        const std::size_t end = q.page_size ? std::min(rows.size(), begin + q.page_size) : rows.size();
        std::vector<json> page;
        for (std::size_t i = begin; i < end; ++i) {
            const json& stamp = rows[i].value("dat_ultvar", json());
            const auto changed =
                stamp.is_string()
                    ? sql::parse_datetime(stamp.get<std::string>(), SqlKind::Datetime2, sql::TimeSource::Record).ticks
                    : std::nullopt;
            if (changed && *changed > *q.last_utc_run) page.push_back(std::move(rows[i]));
        }
        rows = std::move(page);
        first = 0;
    }
};

}  // namespace bds::stub::defect_policies
