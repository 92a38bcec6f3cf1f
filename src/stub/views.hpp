#pragma once
/// The rows of the MCP views (spec/assumptions.md A-36..A-42, A-67), derived from the tenant's base records when
/// read and never stored: a view row's field is computed the first time it is asked for, so that a selection reads
/// only its own fields, and the whole row is made only for the rows a page prints.
#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "sql/text_rules.hpp"
#include "stub/store.hpp"

namespace bds::stub {

class Policy;
class Variation;

/// The most lines one document may carry (a view line's Id is derived from its header's Id and position).
inline constexpr std::size_t kMaxLinesPerDocument = 999;

/// Whether `r` is one of the MCP views, whose rows are derived (MCPResources, the registry, is a base resource).
bool is_view(const Record& r);

/// The lines a stored document (StoricoDocumentiT) carries; empty when it has none.
const nlohmann::json& lines_of(const nlohmann::json& document);

/// Whether field `field` of view `view` always holds its base record's same-named field, converted to the view's type
/// (not a joined or computed value): a selection's text equality on it may then find the base rows by their own field.
bool from_base(const std::string& view, const std::string& field);

/// A row as a read sees it: a stored record, or a view's row derived field by field.
class RowRef {
public:
    /// The value of `name`, or nullptr when the row has none (absent or null); valid until the row is next asked.
    virtual const nlohmann::json* field(const std::string& name) const = 0;
    /// The whole row, sparse like stored records (made on the first call for a derived row).
    virtual const nlohmann::json& whole() const = 0;

protected:
    ~RowRef() = default;
};

/// A stored record (or a document line nested in one) read as it is.
class StoredRow final : public RowRef {
public:
    explicit StoredRow(const nlohmann::json& record) : record_(record) {}
    const nlohmann::json* field(const std::string& name) const override;
    const nlohmann::json& whole() const override { return record_; }

private:
    const nlohmann::json& record_;
};

/// Base records of the tenant found by their key values (the rows a view joins), as the policy joins them.
class Joins {
public:
    Joins(const Catalogue& catalogue, const TenantData& data, const sql::TextRules& keys, const Policy& policy,
          int tenant)
        : cat_(catalogue), data_(data), keys_(keys), policy_(policy), tenant_(tenant) {}
    /// The record of `resource` whose key fields hold `key_values` ((field, value) pairs), or nullptr; a null key value
    /// finds none.
    const nlohmann::json* find(const char* resource,
                               std::initializer_list<std::pair<const char*, const nlohmann::json&>> key_values) const;
    /// Whether the tenant has a table of `resource` (a lookup without one finds nothing and need not gather key
    /// values).
    bool any(const char* resource) const { return table(resource) != nullptr; }

private:
    const Table* table(const char* resource) const;

    const Catalogue& cat_;
    const TenantData& data_;
    sql::TextRules keys_;
    const Policy& policy_;
    int tenant_;
    mutable std::vector<std::pair<const char*, const Table*>>
        tables_;  // looked up once per read (by the literal's address)
};

/// What every view row's derivation reads: the choices the seeds leave open, the joined records, the document views.
struct ViewContext {
    ViewContext(const Catalogue& catalogue, const Variation& variation, const Joins& joins)
        : variation(variation),
          joins(joins),
          headers(*catalogue.find("MCPDocumentiT")),
          lines(*catalogue.find("MCPDocumentiR")) {}
    const Variation& variation;
    const Joins& joins;
    const Record& headers;  ///< MCPDocumentiT
    const Record& lines;    ///< MCPDocumentiR
};

/// A view row derived from base records: each field computed when first asked for, then kept.
class DerivedRow : public RowRef {
public:
    const nlohmann::json* field(const std::string& name) const final;
    const nlohmann::json& whole() const final;

protected:
    DerivedRow(const Record& view, const ViewContext& context) : view_(view), cx_(context) {}
    ~DerivedRow() = default;
    /// The value of field `f` of the view (null when the row has none); never a list field.
    virtual nlohmann::json compute(const Field& f) const = 0;
    /// Adds to the whole row what is not a scalar field (nested lines), as the policy derives it.
    virtual void complete(nlohmann::json& /*row*/) const {}

    const Record& view_;
    const ViewContext& cx_;

private:
    mutable std::vector<std::pair<const Field*, nlohmann::json>> fields_;
    mutable std::optional<nlohmann::json> whole_;
};

/// A row of a view with one row per base record: MCPClienti or MCPFornitori (from CliFor), MCPArticoli (from Articoli).
class RecordRow final : public DerivedRow {
public:
    RecordRow(const Record& view, const ViewContext& context, const nlohmann::json& base)
        : DerivedRow(view, context), base_(base) {}

private:
    nlohmann::json compute(const Field& f) const override;
    nlohmann::json party(const Field& f) const;
    nlohmann::json article(const Field& f) const;
    const nlohmann::json& base_;
};

/// A row of MCPDocumentiT, from one StoricoDocumentiT record: its header fields, its lines nested.
class DocumentRow final : public DerivedRow {
public:
    DocumentRow(const ViewContext& context, const nlohmann::json& document);
    /// Whether the document is in the document views (their cod_tipodoc, num_anno and dat_doc are NOT NULL).
    static bool listed(const nlohmann::json& document);
    const nlohmann::json& document() const { return doc_; }
    const nlohmann::json& lines() const { return lines_of(doc_); }

private:
    nlohmann::json compute(const Field& f) const override;
    void complete(nlohmann::json& row) const override;
    nlohmann::json counterpart(const Field& f, const nlohmann::json& mine) const;
    const nlohmann::json* joined(std::optional<const nlohmann::json*>& memo, const char* resource,
                                 std::initializer_list<std::pair<const char*, const nlohmann::json&>> key) const;

    friend class LineRow;  // reads the header's context
    const nlohmann::json& doc_;
    mutable std::optional<const nlohmann::json*> type_, clifor_, country_, payment_;
};

/// A row of MCPDocumentiR: one line of a document, with fields of its header and of the records it refers to.
class LineRow final : public DerivedRow {
public:
    LineRow(const DocumentRow& header, const nlohmann::json& line, std::size_t position);
    /// Whether a line takes field `name` from its header: the same for every line of a document.
    static bool from_header(const std::string& name);

private:
    nlohmann::json compute(const Field& f) const override;

    const DocumentRow& header_;
    const nlohmann::json& line_;
    std::size_t position_;
    mutable std::optional<const nlohmann::json*> article_, brand_, vat_;
};

}  // namespace bds::stub
