#include "suites/common/statements.hpp"

#include <algorithm>

namespace bds::suites::statements {

const std::vector<std::string>& catalogue_rows() {
    static const std::vector<std::string> ids = [] {
        std::vector<std::string> out = written_catalogue_rows();
        for (const char* id :
             {"000-2.1-catalogue-storicodocumentir", "000-2.1-catalogue-gruppidocumento",
              "000-2.1-catalogue-mcpresources", "000-2.1-catalogue-mcparticoli", "000-2.1-catalogue-mcpclienti",
              "000-2.1-catalogue-mcpfornitori", "000-2.1-catalogue-mcpdocumentit", "000-2.1-catalogue-mcpdocumentir"})
            out.emplace_back(id);
        return out;
    }();
    return ids;
}

const std::vector<std::string>& written_catalogue_rows() {
    static const std::vector<std::string> ids = {"000-2.1-catalogue-storicodocumentit",
                                                 "000-2.1-catalogue-codicidocumento",
                                                 "000-2.1-catalogue-articoli",
                                                 "000-2.1-catalogue-famiglia",
                                                 "000-2.1-catalogue-sottofamiglia",
                                                 "000-2.1-catalogue-marcaarticoli",
                                                 "000-2.1-catalogue-clifor",
                                                 "000-2.1-catalogue-macrocategclifor",
                                                 "000-2.1-catalogue-categclifor",
                                                 "000-2.1-catalogue-condpagam",
                                                 "000-2.1-catalogue-aliquoteiva",
                                                 "000-2.1-catalogue-statiesteri"};
    return ids;
}

const std::vector<std::string>& written_fields() {
    static const std::vector<std::string> ids = {"000-1-field-types",
                                                 "000-1-length-unbounded",
                                                 "001-2-customer-id",
                                                 "001-2-platform-managed",
                                                 "001-2-flg-isdeleted",
                                                 "000-2.2-storicodocumentit-fields",
                                                 "000-2.3-codicidocumento-fields",
                                                 "000-2.4-famiglia-fields",
                                                 "000-2.4-sottofamiglia-fields",
                                                 "000-2.4-marcaarticoli-fields",
                                                 "000-2.5-macrocategclifor-fields",
                                                 "000-2.5-categclifor-fields",
                                                 "000-2.6-condpagam-fields",
                                                 "000-2.6-aliquoteiva-fields",
                                                 "000-2.6-statiesteri-fields",
                                                 "001-2.1-clifor-fields",
                                                 "001-2.1-classification-types",
                                                 "001-2.2-articoli-fields"};
    return ids;
}

const std::vector<std::string>& view_fields() {
    static const std::vector<std::string> ids = {"001-2.3-mcpresources-fields",      "001-2.4-mcparticoli-fields",
                                                 "001-2.5-mcpclienti-fields",        "001-2.5-same-fields",
                                                 "001-2.6-mcpdocumentit-fields",     "001-2.7-mcpdocumentir-fields",
                                                 "001-2.7-no-cost-no-fulfilled-refs"};
    return ids;
}

const std::vector<std::string>& nullability() {
    static const std::vector<std::string> ids = {
        "000-2.2-storicodocumentit-nullability", "000-2.3-codicidocumento-nullability",
        "000-2.4-famiglia-nullability",          "000-2.4-cod-sfamiglia-nullable-key",
        "000-2.6-statiesteri-nullability",       "001-2-nullable-unless-flagged",
        "001-2.3-mcpresources-nullability",      "001-2.4-mcparticoli-nullability",
        "001-2.4-mcparticoli-required",          "001-2.5-nullability",
        "001-2.5-mcpclienti-required",           "001-2.6-mcpdocumentit-required",
        "001-2.7-mcpdocumentir-required"};
    return ids;
}

const std::vector<std::string>& allowed_values() {
    static const std::vector<std::string> ids = {
        "000-2.2-ind-stato-evas",    "000-3-document-fulfilment", "000-2.3-ind-input-num-doc",
        "000-2.3-ind-controparte",   "000-2.3-ind-tipo-fattura",  "000-2.3-ind-ctr-esist-disp",
        "000-2.3-ind-qta-esistenza", "000-2.3-ind-modo-ins",      "000-2.3-ind-stapers",
        "000-2.6-flg-iva-esente",    "001-2.1-ind-clifor",        "001-2.1-ind-sesso",
        "001-2.1-ind-venacq",        "001-2.1-num-mese-escl",     "001-2.1-num-gio-mese-suc",
        "001-2.1-num-gio-chiusura",  "001-2.1-ind-fido-impegni",  "001-2.1-ind-fido-doc-evas",
        "001-2.1-ind-bloccato",      "001-2.1-ind-gest-omaggio",  "001-2.2-flg-art-alt"};
    return ids;
}

const std::vector<std::string>& written_keys() {
    static const std::vector<std::string> ids = [] {
        std::vector<std::string> out = {"000-2.2-storicodocumentit-key", "000-2.2-key-documento",
                                        "000-2.3-codicidocumento-key", "001-2.1-clifor-key", "001-2.2-articoli-key"};
        // The other resources with POST sync give their keys in the catalogue table only.
        for (const auto& row : written_catalogue_rows()) out.push_back(row);
        return out;
    }();
    return ids;
}

const std::vector<std::string>& required_to_send() {
    static const std::vector<std::string> ids = {"000-2.1-minimal-record",
                                                 "000-2.1-required-storicodocumentit",
                                                 "000-2.1-required-codicidocumento",
                                                 "000-2.1-required-articoli",
                                                 "000-2.1-required-famiglia",
                                                 "000-2.1-required-sottofamiglia",
                                                 "000-2.1-required-marcaarticoli",
                                                 "000-2.1-required-clifor",
                                                 "000-2.1-required-macrocategclifor",
                                                 "000-2.1-required-categclifor",
                                                 "000-2.1-required-condpagam",
                                                 "000-2.1-required-aliquoteiva",
                                                 "000-2.1-required-statiesteri",
                                                 "001-2.1-clifor-required",
                                                 "001-2.2-articoli-required"};
    return ids;
}

}  // namespace bds::suites::statements

namespace bds::suites {

std::vector<std::string> joined(std::vector<std::string> first, const std::vector<std::vector<std::string>>& groups) {
    for (const auto& group : groups)
        for (const auto& id : group)
            if (std::find(first.begin(), first.end(), id) == first.end()) first.push_back(id);
    return first;
}

}  // namespace bds::suites
