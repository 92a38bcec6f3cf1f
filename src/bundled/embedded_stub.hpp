#pragma once
/// `conformance run` without a target: the bundled reference stub, started in-process on a free port, and
/// the target description that points at it. Tests use the same pair with other stub settings.
#include <memory>

#include "client/target.hpp"
#include "stub/options.hpp"
#include "stub/stub_server.hpp"

namespace bds::bundled {

/// The target for a stub with `options` at `base_url`: roles taken from its users (writer: a writing user
/// of every resource; reader: a non-writing user of the writer's tenant; other_tenant: a user of another
/// tenant; limited: a user with a resource list), its collation and decimal scale, the auto-detected
/// envelope, and its POST query body.
client::TargetConfig stub_target(const stub::StubOptions& options, const std::string& base_url);

/// A started stub and its target; the stub stops when this is destroyed.
struct EmbeddedStub {
    std::unique_ptr<stub::StubServer> server;
    client::TargetConfig target;
};

/// Starts a stub on 127.0.0.1, port 0. `catalogue` must outlive it.
EmbeddedStub start_embedded_stub(const Catalogue& catalogue, stub::StubOptions options);

}  // namespace bds::bundled
