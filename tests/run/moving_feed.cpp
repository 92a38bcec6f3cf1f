#include "run/moving_feed.hpp"

#include <cstdio>

namespace bds::test {
namespace {

nlohmann::json old_record(int n, const std::string& name) {
    char code[16];
    std::snprintf(code, sizeof code, "O%05d", n);
    return {{"ind_clifor", "C"}, {"cod_clifor", code}, {"des_ragsoc", name}, {"flg_isdeleted", false}};
}

}  // namespace

void FeedMover::attach(Broken& b) {
    nlohmann::json records = nlohmann::json::array();
    for (int n = 0; n < kOld; ++n) records.push_back(old_record(n, "old customer " + std::to_string(n)));
    b.stub.server->load(1, "CliFor", records);
    std::lock_guard lock(mutex_);
    broken_ = &b;
}

void FeedMover::update(int n) {
    nlohmann::json records = nlohmann::json::array();
    for (int i = 0; i < n && updated_ < kOld; ++i, ++updated_)
        records.push_back(old_record(updated_, "updated by another client"));
    broken_->stub.server->load(1, "CliFor", records);
}

BreakingProxy::Before FeedMover::hook() {
    return [this](const httplib::Request& req, httplib::Response&) {
        if (req.method != "GET" || req.path != "/api/sync/CliFor" || req.get_param_value("PageSize") != "100")
            return false;
        std::lock_guard lock(mutex_);
        if (!broken_) return false;
        if (req.get_param_value("PageNumber") == "1") {
            if (filled_.insert(req.get_param_value("LastUtcRun")).second) update(99);
        } else if (shift_) {
            update(1);
        }
        return false;
    };
}

int FeedMover::updated() const {
    std::lock_guard lock(mutex_);
    return updated_;
}

std::string observed_text(const run::CheckResult& r) {
    std::string all;
    for (const auto& o : r.observations) all += o.text + "\n";
    return all;
}

}  // namespace bds::test
