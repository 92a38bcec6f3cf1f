#pragma once
/// Reading view rows and comparing them with the base records they derive from: what the checks of the suite
/// "views" share (suites/views.cpp), and the document checks of the suite "sync" (sync_documents.cpp).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "common/text.hpp"
#include "generate/data_set_gen.hpp"
#include "suites/common/support.hpp"
#include "suites/common/written.hpp"

namespace bds::suites {

/// What 001 §2.7 says a line carries from its article: classification and brand (codes; the descriptions joined by
/// them are VIEW-04's).
extern const std::vector<std::string> kArticleClassification;
/// What 001 §2.6 says a header carries from its counterpart: its classification (codes). Its payment data are the
/// header's own cod_pag or the counterpart's: not said which (VIEW-04 compares the header's, at SHOULD).
extern const std::vector<std::string> kCounterpartClassification;

/// Small coherent data sets (every reference resolves, so a view that joins finds its targets).
gen::DataSetOptions small_data_set_options(const Context& ctx);

/// A property's data sets, one per case under the case's own prefix (CasePrefixes), not shrunk: every shrink step
/// would write a whole data set again (hundreds of requests), and the failing case's findings already name the rows
/// at fault. The generators are built once per property (gen::DataSetGens), not once per case.
/// The record of `resource` in `set` whose fields equal `row`'s, pairwise ({row's field, the record's field}), none
/// null; or nullptr.
const json* referenced(const gen::DataSet& set, const std::string& resource, const json& row,
                       const std::vector<std::pair<std::string, std::string>>& fields);
/// The CliFor record of `set` a document header names as its counterpart (ind_clifor_c + cod_clifor_c), or nullptr.
const json* counterpart_of(const gen::DataSet& set, const json& doc);

/// One small data set, drawn from the check's seed (outside a property: the same every run with that seed).
gen::DataSet one_data_set(const Context& ctx, std::uint64_t salt);

class CaseDataSets {
public:
    CaseDataSets(const Context& ctx, gen::DataSetOptions options);
    /// The next case's data set; call inside the property.
    gen::DataSet next();

private:
    CasePrefixes prefixes_;
    gen::DataSetGens gens_;
};

/// The rows of `view` matching `selection` (a key: a handful of rows), as `role`.
struct Rows {
    std::vector<json> rows;
    client::Exchange exchange;
    /// Where each row is on the page of `exchange` (empty: in order from 0).
    std::vector<std::size_t> positions{};
    /// A JSON pointer to row `i` in the exchange's page: "/3".
    std::string at(std::size_t i) const { return "/" + std::to_string(i < positions.size() ? positions[i] : i); }
};
Rows read_rows(Context& ctx, const std::string& role, const std::string& view, const std::string& selection);

/// prg_riga, a key of MCPDocumentiR with key_documento (001 §2.7), distinct among one document's `lines`: a finding
/// for each repeat.
void expect_distinct_prg_riga(Context& ctx, const Rows& lines);

/// Whether `sent` (a value of a base field) can be held by a view field of type `type` unchanged: text that
/// fits the view's length, a number text for a float view field (cod_naz_res, A-54), the same kind otherwise.
/// A comparison the declared types make impossible is skipped.
std::optional<json> as_view_value(const SqlType& type, const json& sent);

/// Compares `base`'s value of each field `fields` names with `row`'s same-named field of `view`, typed as the
/// view gives it; null or absent sent values are not compared (a view may show its own default: A-38). With
/// `set`, a value taken from a record `base` references is as right.
void compare_fields(Context& ctx, const Record& view, const json& base, const std::string& base_name, const json& row,
                    const std::vector<std::string>& fields, const std::string& pointer,
                    const client::Exchange& exchange, const gen::DataSet* set = nullptr);

/// The fields `view` shares by name with a base record's fields (`base` lists them; open lines: their members).
std::vector<std::string> same_named(const Record& view, const json& base);

/// One read of a view for a base record of the data set: which view, which selection, which record.
struct ViewRead {
    std::string view;
    std::string selection;
    std::string base_name;
    const json* base;
    /// The fields `selection` holds equal to the base record's (equals_selection(view, *base, fields)).
    std::vector<std::string> fields{};
};

/// For each base record of `set` the view that shows it (A-38; the catalogue's "view" relations) and the
/// selection of its rows there: CliFor C → MCPClienti, F → MCPFornitori, Articoli → MCPArticoli, a header
/// → MCPDocumentiT and its lines → MCPDocumentiR (by key_documento).
std::vector<ViewRead> view_reads(Context& ctx, const gen::DataSet& set);

/// The property `property` over written data sets: each case is a data set (case prefixes under the run's), sent
/// and read as a block (run/block_property.hpp: the sets' records in few POSTs, every view that shows them read with
/// many selections a read, suites/batched_reads.hpp), each read handed with its rows to `judge`.
void for_each_view_read(Context& ctx, const std::string& property,
                        const std::function<void(const gen::DataSet&, const ViewRead&, const Rows&)>& judge);

}  // namespace bds::suites
