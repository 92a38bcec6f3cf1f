#include "run/background_client.hpp"

#include <memory>

#include "client/tokens.hpp"

namespace bds::test {

BackgroundClient::BackgroundClient(const client::TargetConfig& target, std::chrono::milliseconds pause, Step step)
    : target_(target), pause_(pause), step_(std::move(step)) {
    thread_ = std::thread([this] { work(); });
}

BackgroundClient::~BackgroundClient() {
    done_ = true;
    thread_.join();
}

void BackgroundClient::work() {
    client::TokenSource tokens(target_, std::make_unique<client::HttpClient>(client::http_settings(target_)));
    client::EnvelopeState envelope(target_.envelope);
    client::PageSizeState page_size(target_.max_page_size);
    client::Api api(target_, tokens, envelope, page_size, nullptr, nullptr, nullptr);
    for (int n = 0; !done_; ++n) {
        try {
            if (step_(api, n)) ++writes_;
        } catch (const std::exception&) {
            // a token not issued while the server is busy: the next step tries again
        }
        std::this_thread::sleep_for(pause_);
    }
}

}  // namespace bds::test
