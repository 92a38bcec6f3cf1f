#pragma once
/// Defects the stub can be set to (`conformance stub --defect NAME`, `conformance run --stub-defect NAME`): each
/// breaks exactly one rule of the seeds the way real servers do, leaving every other behaviour faithful. They
/// measure the harness: `conformance selfcheck` runs every suite against each and writes the kill matrix.
#include <optional>
#include <string_view>
#include <vector>

namespace bds::stub {

enum class Defect {
    None,
    // auth
    ReadsWithoutToken,
    ForgedTokenAccepted,
    ExpiredTokenAccepted,
    // access
    UnknownResource200,
    ResourceNameCaseInsensitive,
    ReaderCanWrite,
    LimitedUserAllResources,
    // pagination
    PageNumberFromZero,
    TotalCountsPage,
    TotalIgnoresFilter,
    UnstablePageOrder,
    PageSizeIgnored,
    PageBeyondEndClamped,
    // filters
    AndAsOr,
    SelectionIgnored,
    QuotesNotUnescaped,
    FirstConditionOnly,
    // sync (POST sync, stored values, platform fields)
    UpsertDuplicates,
    BlockPartlyStored,
    PostSync201,
    NonAsciiMangled,
    IdAsString,
    TsUpdateFrozen,
    // lines
    LinesDropped,
    LinesKeyNotRepeated,
    LinesAppendedOnUpdate,
    // changes (GET sync)
    FeedIgnoresLastUtcRun,
    FeedOmitsDeletions,
    FeedLocalTime,
    FeedMissesUpdates,
    // deletion
    PhysicalDeletion,
    DeletedFlagReset,
    UndeleteIgnored,
    MissingFlagAccepted,
    // views
    ViewPostSyncAccepted,
    ViewStale,
    DocumentViewWithoutLines,
    SuppliersInClienti,
    // query
    QueryIgnoresSelection,
    QueryIgnoresOrder,
    // tenancy
    TenantRowsLeak,
    TenantFromBody,
    ViewOtherTenant,
    // validation
    OverlongTruncated,
    RequiredFieldMissingAccepted,
    MalformedJson500,
    // Names are stable: add new ones at the end of their area.
};

/// One defect: its stable name (kebab-case, e.g. "reads-without-token"), the area of the seeds it breaks
/// ("auth", "access", "pagination", "filters", "sync", "lines", "changes", "deletion", "views", "query",
/// "tenancy", "validation"), the rule it breaks (a seed reference), and what the stub then does.
struct DefectInfo {
    Defect defect;
    std::string_view name;
    std::string_view area;
    std::string_view rule;
    std::string_view description;
    /// The level of the rule it breaks: "MUST", or "SHOULD" where the seeds only recommend (a refused block
    /// storing part of itself, A-25; a 5xx for bad input, A-46). A SHOULD defect is caught by a SHOULD check too.
    std::string_view level = "MUST";
};

/// Every defect (None excluded), in a stable order.
const std::vector<DefectInfo>& defects();

/// The defect named `name`, or nullopt.
std::optional<Defect> defect_from_name(std::string_view name);

/// The info of `defect` (None included, named "none").
const DefectInfo& info(Defect defect);

}  // namespace bds::stub
