#pragma once
/// The reference stub: the whole interface of the seeds served from memory. Start it in-process on port 0,
/// use base_url(), and let the destructor stop it (a scope guard), in tests as in `conformance run`.
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "catalogue/catalogue.hpp"
#include "stub/options.hpp"

namespace httplib {
class Server;
}

namespace bds::stub {

class StubState;

class StubServer {
public:
    /// `catalogue` must outlive the server. Throws std::runtime_error if options.tls_cert/tls_key cannot be used.
    StubServer(const Catalogue& catalogue, StubOptions options);
    ~StubServer();
    StubServer(const StubServer&) = delete;
    StubServer& operator=(const StubServer&) = delete;

    /// Binds (port 0: any free port), starts serving on a thread and returns once it accepts connections.
    /// Returns the port. Throws std::runtime_error if it cannot bind.
    int start();
    /// Serves on the calling thread until stop() (for `conformance stub`): binds, calls `ready` with
    /// base_url(), then serves.
    void run_announcing(const std::function<void(const std::string&)>& ready);
    /// Stops serving and joins the thread; idempotent.
    void stop();

    int port() const { return port_; }
    /// "http://<host>:<port>", or https:// when it serves HTTPS.
    std::string base_url() const;

    /// Loads records into a tenant as POST sync would (validated, normalised, stored atomically).
    /// Throws std::runtime_error naming the first violation.
    void load(int tenant, const std::string& resource, const nlohmann::json& records);

    /// The records of `resource` stored in `tenant`, in key order, as the store holds them (platform fields set).
    nlohmann::json rows(int tenant, const std::string& resource) const;

private:
    int bind();

    std::unique_ptr<StubState> state_;
    std::unique_ptr<httplib::Server> server_;
    std::thread thread_;
    int port_ = 0;
};

}  // namespace bds::stub
