#pragma once
// A stub restarted with one defect on, and the records the defect tests send (tests/stub/defects_test.cpp,
// tests/stub/defects_more_test.cpp).
#include "stub/stub_fixture.hpp"
#include "stub/variation/defects.hpp"

namespace bds::test {

using stub::Defect;

class StubDefect : public StubTest {
protected:
    /// Restarts the stub (fresh data, fresh clock) with `defect` on, under `choices`, on the fraction `rate` of
    /// requests drawn from `seed` (StubOptions::defect_rate).
    void start(Defect defect, const stub::Choices& choices = {}, double rate = 1.0, std::uint64_t seed = 0) {
        client.reset();
        server.reset();
        clock = ManualClock{};
        stub::StubOptions options;
        options.clock = clock.clock();
        options.threads = 2;
        options.defect = defect;
        options.choices = choices;
        options.defect_rate = rate;
        options.defect_seed = seed;
        server = std::make_unique<stub::StubServer>(catalogue, options);
        server->start();
        client = std::make_unique<httplib::Client>("127.0.0.1", server->port());
        client->set_tcp_nodelay(true);
        client->set_read_timeout(10, 0);
    }

    /// Runs `scenario` on a faithful stub, then on one with `defect`: {faithful result, defective result}.
    template <class F>
    auto compare(Defect defect, F scenario) {
        start(Defect::None);
        auto faithful = scenario();
        start(defect);
        auto defective = scenario();
        return std::make_pair(faithful, defective);
    }

    nlohmann::json fam(const std::string& code, const std::string& des = "x") {
        return minimal(catalogue, "Famiglia", {{"cod_famiglia", code}, {"des_famiglia", des}});
    }
    void three_families() {
        sync("Famiglia", nlohmann::json::array({fam("F1", "one"), fam("F2", "two"), fam("F3", "three")}));
    }
    nlohmann::json clifor(const std::string& ind, const std::string& code) {
        return minimal(catalogue, "CliFor", {{"ind_clifor", ind}, {"cod_clifor", code}, {"des_ragsoc", "R " + code}});
    }
    nlohmann::json document(const std::string& key, int lines, bool without_line_keys = true) {
        nlohmann::json doc = minimal(catalogue, "StoricoDocumentiT",
                                     {{"key_documento", key},
                                      {"cod_tipodoc", "FAT"},
                                      {"cod_gruppo_tipodoc", "VEN"},
                                      {"num_anno", 2026},
                                      {"dat_doc", "2026-02-27T00:00:00"}});
        doc["StoricoDocumentiR"] = nlohmann::json::array();
        for (int i = 0; i < lines; ++i) {
            nlohmann::json line = {{"cod_art", "A" + std::to_string(i)}};
            if (!without_line_keys) line["key_documento"] = key;
            doc["StoricoDocumentiR"].push_back(line);
        }
        return doc;
    }
    std::size_t feed_size(const std::string& resource, const std::string& instant) {
        const Answer a = get("/api/sync/" + resource + "?LastUtcRun=" + encode(instant), token());
        EXPECT_EQ(a.status, 200) << a.text;
        return a.body.value("Records", nlohmann::json::array()).size();
    }
    std::string selection(const std::string& text) { return "RecordSelection=" + encode(text); }
};

}  // namespace bds::test
