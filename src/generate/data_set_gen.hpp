#pragma once
/// Coherent data sets: related sent records across the article, customer/supplier, base and document tables
/// whose references resolve, so that the MCP views have something to join. Driven by the catalogue's
/// relations (kinds "reference" and "copy"), plus the joins the views make by code, listed here.
#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include <map>
#include <string>
#include <vector>

#include "catalogue/catalogue.hpp"
#include "generate/value_gen.hpp"

namespace bds::gen {

/// One link a data set satisfies: the values of `from_fields` in a `from_record` (for StoricoDocumentiR: in
/// every document line) equal the `to_fields` of one `to_record` of the set. A relation of the catalogue of kind
/// "reference" or "copy" (`from_fields` repeat fields of the record the reference of the same from/to records
/// chose, e.g. Sottofamiglia.des_famiglia), or of kind "join" (a view joins by this code, A-38); `seed` names
/// the seed or assumption it comes from.
using Link = Relation;

/// How big a data set is and what its records carry.
struct DataSetOptions {
    /// Run prefix, decimal profile and tenant, as for single records.
    RecordGenOptions record;
    /// Records per resource; a resource not listed gets between `min_records` and `max_records`.
    std::map<std::string, int> counts;
    int min_records = 2;
    int max_records = 5;
    /// Lines per document.
    int min_lines = 1;
    int max_lines = 4;
    /// Every record active (flg_isdeleted false): a data set stands for live data, and a deleted join target
    /// would make the views' behaviour (A-42, OBSERVE) part of every check.
    bool active_only = true;
    /// Each text key in the run namespace is the prefix and the record's position among its resource's records
    /// (base 36), where that fits: the same keys for every data set of one prefix, whatever is drawn (a property's
    /// key slots, suites/common/written.hpp). Unset: the prefix and a drawn tail.
    bool numbered_keys = false;
};

/// The records of one resource, to be sent as one block.
struct ResourceBlock {
    std::string resource;
    std::vector<nlohmann::json> records;
};

/// Blocks in dependency order: a record's link targets are in an earlier block.
using DataSet = std::vector<ResourceBlock>;

/// The resources a data set holds: AliquoteIva, Famiglia, Sottofamiglia, MarcaArticoli, Articoli, CliFor,
/// CodiciDocumento, CondPagam, StatiEsteri and StoricoDocumentiT (with nested StoricoDocumentiR lines).
const std::vector<std::string>& data_set_resources();

/// Every link among data_set_resources(): the catalogue's relations of kind "reference" and "copy" between them,
/// then the views' joins: CliFor.cod_naz_res → StatiEsteri, Articoli.cod_marca → MarcaArticoli,
/// Articoli.cod_famiglia → Famiglia, a header's cod_tipodoc + cod_gruppo_tipodoc → CodiciDocumento, its cod_pag →
/// CondPagam, a line's cod_art + cod_variante → Articoli.
std::vector<Link> data_set_links(const Catalogue& catalogue);

/// data_set_resources() ordered so that every link's target comes before its source (ties keep the list's order).
std::vector<std::string> dependency_order(const Catalogue& catalogue);
/// data_set_resources() in levels: a level's resources link only to those of the levels before it, so that a level's
/// blocks may be sent at once once the levels before were (each level in dependency_order's order).
std::vector<std::vector<std::string>> dependency_levels(const Catalogue& catalogue);

/// A generator of data sets. Each record is a sent record of its resource (it validates, Direction::Sent) with
/// keys in the run namespace (options.record.run_prefix) and unique within its resource as SQL Server's unique
/// index compares them (A-59: case-insensitive, trailing spaces ignored). Every link resolves: referencing fields
/// hold the key of a record of the set, chosen at random, and copied fields its values; a referenced key field is
/// generated short enough, and within Windows-1252 where needed, to fit every field that refers to it (e.g.
/// CodiciDocumento.cod_tipodoc nvarchar(50) is referred to by the header's nvarchar(15)). Document headers always
/// carry cod_tipodoc, cod_gruppo_tipodoc, num_anno (the year of dat_doc) and dat_doc, so they appear in
/// MCPDocumentiT; each has min_lines..max_lines lines carrying the header's key_documento, num_riga 1..n, and
/// further line fields typed as MCPDocumentiR shows them. Throws std::invalid_argument for a count naming no
/// resource of a data set, a count below 1 of a resource that is linked to, or min > max. Generation fails
/// (std::runtime_error) when the run prefix leaves no room for distinct keys.
rc::Gen<DataSet> data_set_gen(const Catalogue& catalogue, const DataSetOptions& options = {});

/// data_set_gen for one prefix after another, all of one length (a property's case prefixes): the generators, costly to
/// build, are built once with a stand-in prefix that never occurs in generated text, and each data set trades it for
/// its own prefix, which gives the data sets data_set_gen would give for that prefix.
class DataSetGens {
public:
    /// `options.record.run_prefix` sets the length of the prefixes to come.
    DataSetGens(const Catalogue& catalogue, DataSetOptions options);
    /// data_set_gen(catalogue, options with run_prefix = prefix); built afresh for a prefix of another length or not
    /// ASCII.
    rc::Gen<DataSet> operator()(const std::string& prefix) const;

private:
    const Catalogue& catalogue_;
    DataSetOptions options_;
    std::string stand_in_;
    rc::Gen<DataSet> gen_;
};

/// The links of `set` that do not resolve, one readable line each ("Articoli[2] cod_iva_ven = \"x\": no AliquoteIva
/// with cod_iva = \"x\""); empty when all resolve. Referencing values must equal a target's exactly (the generator
/// copies them, so the set resolves under either collation); copied values must be equal JSON (null and absent
/// alike). Used by tests and by checks that need the views' joins to have targets.
std::vector<std::string> unresolved_links(const Catalogue& catalogue, const DataSet& set);

}  // namespace bds::gen
