// Writes the demo data set (fixtures/demo/<tenant>/<Resource>.json) and fixtures/users.json:
// an Italian coffee wholesaler's master data and document history for two tenants.
// Deterministic: its own small generator, not <random>'s distributions (they differ between libraries).
// Usage: make_demo_data <fixtures dir> [--scale N]
// --scale N writes tenant 1 with N times its customers, suppliers and documents (the demo's 1,200 documents have
// ~4,200 lines: --scale 240 gives ~1,000,000), for measuring the harness against a target that holds data
// (docs/architecture.md, "Reads of a target's data"); the committed fixtures are the unscaled set.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using json = nlohmann::ordered_json;

/// SplitMix64: tiny, portable, good enough for demo data.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    template <class T>
    const T& pick(const std::vector<T>& v) {
        return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
    }

private:
    std::uint64_t s_;
};

struct Place {
    const char* city;
    const char* prov;
    const char* cap;
};

const std::vector<Place> kPlaces = {{"Milano", "MI", "20121"},
                                    {"Torino", "TO", "10121"},
                                    {"Forlì", "FC", "47121"},
                                    {"Cantù", "CO", "22063"},
                                    {"Sant'Agata de' Goti", "BN", "82019"},
                                    {"Napoli", "NA", "80132"},
                                    {"Bologna", "BO", "40121"},
                                    {"L'Aquila", "AQ", "67100"},
                                    {"Città di Castello", "PG", "06012"},
                                    {"Gualdo Tadino", "PG", "06023"},
                                    {"Bolzano", "BZ", "39100"},
                                    {"Reggio nell'Emilia", "RE", "42121"}};
const std::vector<std::string> kCustomerKinds = {"Bar",        "Caffè",   "Pasticceria", "Trattoria",
                                                 "Ristorante", "Albergo", "Gelateria",   "Osteria"};
const std::vector<std::string> kCustomerNames = {
    "Sport", "dell'Angolo", "Già Là",          "da Nèlla",       "Centrale", "Perù",      "San Niccolò", "La Pergola",
    "Öhrli", "al Ponte",    "Martini & Figli", "Bontà d'Italia", "L'Àncora", "del Corso", "Stazione"};
const std::vector<std::string> kSurnames = {"Rossi", "Bianchi", "Esposito", "Colombo", "D'Angelo",
                                            "Russo", "Fontana", "De Luca",  "Mancini", "Lombardi"};
const std::vector<std::string> kStreets = {"Via Roma",         "Corso Garibaldi",
                                           "Piazza del Duomo", "Via dell'Indipendenza",
                                           "Viale Europa",     "Via San Francesco d'Assisi"};

json famiglie() {
    return json::array({{{"cod_famiglia", "CAF"}, {"des_famiglia", "Caffè"}, {"flg_isdeleted", false}},
                        {{"cod_famiglia", "BEV"}, {"des_famiglia", "Bevande"}, {"flg_isdeleted", false}},
                        {{"cod_famiglia", "DOL"}, {"des_famiglia", "Dolciumi e pasticceria"}, {"flg_isdeleted", false}},
                        {{"cod_famiglia", "ATT"}, {"des_famiglia", "Attrezzature"}, {"flg_isdeleted", false}}});
}

json sottofamiglie() {
    json out = json::array();
    const std::vector<std::vector<std::string>> rows = {{"CAF", "Caffè", "GRA", "Grani"},
                                                        {"CAF", "Caffè", "MAC", "Macinato"},
                                                        {"CAF", "Caffè", "CAP", "Capsule e cialde"},
                                                        {"BEV", "Bevande", "TE", "Tè e tisane"},
                                                        {"BEV", "Bevande", "CIO", "Cioccolata"},
                                                        {"DOL", "Dolciumi e pasticceria", "BIS", "Biscotti"},
                                                        {"ATT", "Attrezzature", "MAC", "Macchine espresso"}};
    for (const auto& r : rows)
        out.push_back({{"cod_famiglia", r[0]},
                       {"des_famiglia", r[1]},
                       {"cod_sfamiglia", r[2]},
                       {"des_sfamiglia", r[3]},
                       {"flg_isdeleted", false}});
    return out;
}

json marche() {
    json out = json::array();
    for (const auto& [c, d] : std::vector<std::pair<const char*, const char*>>{{"LAV", "Lavazza"},
                                                                               {"ILLY", "illycaffè"},
                                                                               {"KIM", "Kimbo"},
                                                                               {"SEG", "Segafredo Zanetti"},
                                                                               {"PER", "Perugina"},
                                                                               {"BIA", "Bialetti"},
                                                                               {"CAS", "Casa del Tè"}})
        out.push_back({{"cod_marca", c}, {"des_marca", d}, {"flg_isdeleted", false}});
    return out;
}

json aliquote() {
    return json::array({{{"cod_iva", "22"},
                         {"des_iva", "Aliquota ordinaria 22%"},
                         {"prc_iva", 22},
                         {"prc_indetraibile", 0},
                         {"flg_iva_esente", "0"},
                         {"flg_isdeleted", false}},
                        {{"cod_iva", "10"},
                         {"des_iva", "Aliquota ridotta 10%"},
                         {"prc_iva", 10},
                         {"prc_indetraibile", 0},
                         {"flg_iva_esente", "0"},
                         {"flg_isdeleted", false}},
                        {{"cod_iva", "4"},
                         {"des_iva", "Aliquota minima 4%"},
                         {"prc_iva", 4},
                         {"prc_indetraibile", 0},
                         {"flg_iva_esente", "0"},
                         {"flg_isdeleted", false}},
                        {{"cod_iva", "N3"},
                         {"des_iva", "Non imponibile art. 8"},
                         {"prc_iva", 0},
                         {"prc_indetraibile", 0},
                         {"flg_iva_esente", "1"},
                         {"flg_isdeleted", false}}});
}

json pagamenti() {
    return json::array({{{"cod_pag", "RD"},
                         {"des_pag", "Rimessa diretta"},
                         {"prc_scopag", 2},
                         {"flg_addebito_spese", false},
                         {"flg_isdeleted", false}},
                        {{"cod_pag", "BB30"},
                         {"des_pag", "Bonifico bancario 30 gg d.f."},
                         {"prc_scopag", 0},
                         {"flg_addebito_spese", false},
                         {"flg_isdeleted", false}},
                        {{"cod_pag", "RB60"},
                         {"des_pag", "Ri.Ba. 60 gg d.f.f.m."},
                         {"prc_scopag", 0},
                         {"flg_addebito_spese", true},
                         {"flg_isdeleted", false}}});
}

json stati() {
    json out = json::array();
    for (const auto& s : std::vector<std::vector<const char*>>{
             {"86", "Italia", "IT", "EUR", "Euro", "IT", "Italiano", "11"},
             {"29", "Francia", "FR", "EUR", "Euro", "FR", "Francese", "11"},
             {"94", "Germania", "DE", "EUR", "Euro", "DE", "Tedesco", "9"},
             {"71", "Svizzera", "CH", "CHF", "Franco svizzero", "DE", "Tedesco", "9"},
             {"69", "Stati Uniti d'America", "US", "USD", "Dollaro USA", "EN", "Inglese", "0"}})
        out.push_back({{"cod_naz", s[0]},
                       {"des_naz", s[1]},
                       {"sig_iso", s[2]},
                       {"cod_valuta", s[3]},
                       {"des_valuta", s[4]},
                       {"cod_lingua", s[5]},
                       {"des_lingua", s[6]},
                       {"num_carat_piva", std::stoi(s[7])},
                       {"flg_isdeleted", false}});
    return out;
}

json codici_documento() {
    json out = json::array();
    for (const auto& d :
         std::vector<std::vector<const char*>>{{"FAT", "VEN", "Vendite", "Fattura immediata", "1", "1", "2"},
                                               {"DDT", "VEN", "Vendite", "Documento di trasporto", "0", "1", "2"},
                                               {"NC", "VEN", "Vendite", "Nota di credito", "4", "1", "1"},
                                               {"FAF", "ACQ", "Acquisti", "Fattura fornitore", "1", "2", "1"}})
        out.push_back({{"cod_tipodoc", d[0]},
                       {"cod_gruppo_tipodoc", d[1]},
                       {"des_gruppo_tipodoc", d[2]},
                       {"des_tipodoc", d[3]},
                       {"cod_config", "STD"},
                       {"ind_input_num_doc", "1"},
                       {"ind_controparte", d[5]},
                       {"ind_tipo_fattura", d[4]},
                       {"ind_ctr_esist_disp", "0"},
                       {"ind_qta_esistenza", d[6]},
                       {"flg_qta_obbl", true},
                       {"flg_val_obbl", true},
                       {"flg_gest_lotti", false},
                       {"flg_ctrl_lotti", false},
                       {"flg_gest_matr", false},
                       {"flg_ctrl_matricole", false},
                       {"flg_isdeleted", false}});
    return out;
}

json categorie_macro() {
    return json::array(
        {{{"ind_clifor", "C"}, {"cod_macrocat", "HOR"}, {"des_macrocat", "Ho.Re.Ca."}, {"flg_isdeleted", false}},
         {{"ind_clifor", "C"}, {"cod_macrocat", "DET"}, {"des_macrocat", "Dettaglio"}, {"flg_isdeleted", false}},
         {{"ind_clifor", "F"}, {"cod_macrocat", "TOR"}, {"des_macrocat", "Torrefazioni"}, {"flg_isdeleted", false}}});
}

json categorie() {
    return json::array({{{"ind_clifor", "C"},
                         {"cod_macrocat", "HOR"},
                         {"des_macrocat", "Ho.Re.Ca."},
                         {"cod_categ", "BAR"},
                         {"des_categ", "Bar e caffetterie"},
                         {"flg_isdeleted", false}},
                        {{"ind_clifor", "C"},
                         {"cod_macrocat", "HOR"},
                         {"des_macrocat", "Ho.Re.Ca."},
                         {"cod_categ", "RIS"},
                         {"des_categ", "Ristoranti"},
                         {"flg_isdeleted", false}},
                        {{"ind_clifor", "C"},
                         {"cod_macrocat", "DET"},
                         {"des_macrocat", "Dettaglio"},
                         {"cod_categ", "ALI"},
                         {"des_categ", "Alimentari"},
                         {"flg_isdeleted", false}},
                        {{"ind_clifor", "F"},
                         {"cod_macrocat", "TOR"},
                         {"des_macrocat", "Torrefazioni"},
                         {"cod_categ", "NAZ"},
                         {"des_categ", "Nazionali"},
                         {"flg_isdeleted", false}}});
}

struct Article {
    std::string code, fam, sfam, brand, iva;
    double price;
};

json articoli(Rng& rng, std::vector<Article>& out) {
    const std::vector<std::vector<std::string>> kinds = {
        {"CAF", "GRA", "Caffè in grani"},   {"CAF", "MAC", "Caffè macinato"},   {"CAF", "CAP", "Capsule compatibili"},
        {"BEV", "TE", "Tè nero"},           {"BEV", "CIO", "Cioccolata calda"}, {"DOL", "BIS", "Biscotti al burro"},
        {"ATT", "MAC", "Macchina espresso"}};
    const std::vector<std::string> brands = {"LAV", "ILLY", "KIM", "SEG", "PER", "BIA", "CAS"};
    const std::vector<std::string> sizes = {"250 g",        "500 g",        "1 kg",       "conf. 50 pz",
                                            "conf. 100 pz", "«Gran Crema»", "Qualità Oro"};
    json arts = json::array();
    for (int i = 0; i < 60; ++i) {
        const auto& k = kinds[static_cast<std::size_t>(i) % kinds.size()];
        Article a{"ART" + std::to_string(1000 + i), k[0], k[1], rng.pick(brands), k[0] == "DOL" ? "10" : "22",
                  2.5 + rng.below(4000) / 100.0};
        const std::string variant = i % 10 == 0 ? "DEC" : "";
        arts.push_back({{"cod_art", a.code},
                        {"cod_variante", variant},
                        {"des_articolo", k[2] + " " + rng.pick(sizes) + (variant.empty() ? "" : " decaffeinato")},
                        {"cod_um", k[0] == "ATT" ? "NR" : "CF"},
                        {"cod_iva_ven", a.iva},
                        {"cod_iva_acq", a.iva},
                        {"cod_famiglia", a.fam},
                        {"cod_sfamiglia", a.sfam},
                        {"cod_marca", a.brand},
                        {"des_note", i % 7 == 0 ? "Prodotto stagionale: disponibilità limitata" : ""},
                        {"val_upv_vendit", a.price},
                        {"flg_isdeleted", i == 59}});
        if (variant.empty()) out.push_back(a);
    }
    return arts;
}

json clifor(Rng& rng, int customers, int suppliers) {
    json out = json::array();
    for (int i = 0; i < customers + suppliers; ++i) {
        const bool supplier = i >= customers;
        const Place& p = rng.pick(kPlaces);
        const std::string name = supplier ? "Torrefazione " + rng.pick(kSurnames) + " S.r.l."
                                          : rng.pick(kCustomerKinds) + " " + rng.pick(kCustomerNames);
        out.push_back(
            {{"ind_clifor", supplier ? "F" : "C"},
             {"cod_clifor", (supplier ? "F" : "C") + std::to_string(10000 + i)},
             {"des_ragsoc", name},
             {"cod_piva", std::to_string(10000000000LL + static_cast<long long>(rng.next() % 89999999999ULL))},
             {"des_indir_res", rng.pick(kStreets) + ", " + std::to_string(1 + rng.below(120))},
             {"des_localita_res", p.city},
             {"sig_prov_res", p.prov},
             {"cod_cap_res", p.cap},
             {"cod_naz_res", i % 25 == 24 ? "71" : "86"},
             {"des_email1", "info" + std::to_string(i) + "@esempio.it"},
             {"cod_pag", rng.pick(std::vector<std::string>{"RD", "BB30", "RB60"})},
             {"cod_macrocat", supplier ? "TOR" : (i % 3 ? "HOR" : "DET")},
             {"cod_categ", supplier ? "NAZ" : (i % 3 ? "BAR" : "ALI")},
             {"cod_agente", supplier ? "" : "AG" + std::to_string(1 + i % 4)},
             {"des_agente", supplier ? "" : "Agente " + kSurnames[static_cast<std::size_t>(i % 4)]},
             {"ind_bloccato", i % 41 == 0 ? "1" : "0"},
             {"flg_isdeleted", i % 53 == 52}});
    }
    return out;
}

std::string date(int day_of_period) {
    // Days from 2025-01-01, kept in 2025-2026 with month lengths right.
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int year = 2025, d = day_of_period % 730;
    if (d >= 365) year = 2026, d -= 365;
    int month = 0;
    while (d >= kDays[month]) d -= kDays[month++];
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT00:00:00", year, month + 1, d + 1);
    return buf;
}

json documenti(Rng& rng, int count, int customers, int suppliers, const std::vector<Article>& arts) {
    json out = json::array();
    for (int i = 0; i < count; ++i) {
        const bool purchase = i % 10 == 9;
        const std::string type = purchase ? "FAF" : rng.pick(std::vector<std::string>{"FAT", "FAT", "DDT", "NC"});
        const std::string dat = date(i * 730 / count);
        const int year = std::stoi(dat.substr(0, 4));
        const int who = purchase ? customers + rng.below(suppliers) : rng.below(customers);
        json lines = json::array();
        double imponibile = 0, iva = 0;
        const int n = 1 + rng.below(6);
        for (int l = 0; l < n; ++l) {
            const Article& a = rng.pick(arts);
            const int qta = 1 + rng.below(24);
            const double value = qta * a.price;
            imponibile += value;
            iva += value * (a.iva == "22" ? 0.22 : 0.10);
            lines.push_back({{"num_riga", (l + 1) * 10},
                             {"cod_art", a.code},
                             {"cod_variante", ""},
                             {"qta_merce", qta},
                             {"prz_merce", a.price},
                             {"val_merce", static_cast<long long>(value * 100 + 0.5) / 100.0},
                             {"cod_iva", a.iva}});
        }
        auto round2 = [](double v) { return static_cast<long long>(v * 100 + 0.5) / 100.0; };
        out.push_back({{"key_documento", std::to_string(year) + "/" + type + "/" + std::to_string(100000 + i)},
                       {"cod_gruppo_tipodoc", purchase ? "ACQ" : "VEN"},
                       {"cod_tipodoc", type},
                       {"num_anno", year},
                       {"sig_serie_doc", "A"},
                       {"des_num_doc", std::to_string(1 + i)},
                       {"dat_doc", dat},
                       {"ind_clifor_c", purchase ? "F" : "C"},
                       {"cod_clifor_c", (purchase ? "F" : "C") + std::to_string(10000 + who)},
                       {"cod_pag", "BB30"},
                       {"cod_valuta", "EUR"},
                       {"ind_stato_evas", rng.pick(std::vector<std::string>{"E", "E", "P", "I"})},
                       {"val_tot_imp", round2(imponibile)},
                       {"val_tot_iva", round2(iva)},
                       {"val_tot_doc", round2(imponibile + iva)},
                       {"des_note", i % 17 == 0 ? "Consegna al piano terra, citofonare \"Rossi\"" : ""},
                       {"flg_isdeleted", i % 97 == 96},
                       {"StoricoDocumentiR", lines}});
    }
    return out;
}

void write(const std::filesystem::path& path, const json& doc) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    // One record per line: readable, and diffs stay small.
    if (doc.is_array()) {
        out << "[\n";
        for (std::size_t i = 0; i < doc.size(); ++i) out << doc[i].dump() << (i + 1 < doc.size() ? ",\n" : "\n");
        out << "]\n";
    } else {
        out << doc.dump(2) << "\n";
    }
}

void tenant(const std::filesystem::path& dir, std::uint64_t seed, int customers, int suppliers, int documents) {
    Rng rng(seed);
    std::vector<Article> arts;
    write(dir / "Famiglia.json", famiglie());
    write(dir / "Sottofamiglia.json", sottofamiglie());
    write(dir / "MarcaArticoli.json", marche());
    write(dir / "AliquoteIva.json", aliquote());
    write(dir / "CondPagam.json", pagamenti());
    write(dir / "StatiEsteri.json", stati());
    write(dir / "CodiciDocumento.json", codici_documento());
    write(dir / "MacroCategClifor.json", categorie_macro());
    write(dir / "CategClifor.json", categorie());
    write(dir / "Articoli.json", articoli(rng, arts));
    write(dir / "CliFor.json", clifor(rng, customers, suppliers));
    write(dir / "StoricoDocumentiT.json", documenti(rng, documents, customers, suppliers, arts));
}

}  // namespace

int main(int argc, char** argv) {
    int scale = 1;
    if (argc == 4 && std::string(argv[2]) == "--scale") scale = std::atoi(argv[3]);
    if ((argc != 2 && argc != 4) || scale < 1 || scale > 10000) {
        std::cerr << "usage: make_demo_data <fixtures dir> [--scale N]   (N from 1 to 10000)\n";
        return 2;
    }
    const std::filesystem::path root = argv[1];
    tenant(root / "demo" / "1", 1, 150 * scale, 30 * scale, 1200 * scale);
    tenant(root / "demo" / "2", 2, 40, 8, 150);
    write(root / "users.json",
          {{"$comment",
            "Demo users of the reference stub (conformance stub --users fixtures/users.json). Demo passwords only."},
           {"users", json::array({{{"username", "writer"},
                                   {"password", "writer-pw"},
                                   {"customer_ID", 1},
                                   {"can_write", true},
                                   {"resources", {"*"}}},
                                  {{"username", "reader"},
                                   {"password", "reader-pw"},
                                   {"customer_ID", 1},
                                   {"can_write", false},
                                   {"resources", {"*"}}},
                                  {{"username", "limited"},
                                   {"password", "limited-pw"},
                                   {"customer_ID", 1},
                                   {"can_write", true},
                                   {"resources", {"CliFor", "MCPArticoli", "MCPResources"}}},
                                  {{"username", "other_tenant"},
                                   {"password", "other-pw"},
                                   {"customer_ID", 2},
                                   {"can_write", true},
                                   {"resources", {"*"}}}})}});
    return 0;
}
