#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "client/write_gate.hpp"

namespace bds::client {
namespace {

using namespace std::chrono_literals;

// Waiting is shown by a flag still unset after a pause: a slow machine can only make these pass wrongly, never fail.

/// A thread that writes `resource` through `gate` and then sets `done`.
std::thread writer(WriteGate& gate, const std::string& resource, std::atomic<bool>& done) {
    return std::thread([&gate, resource, &done] {
        const WriteGate::Writing w(&gate, resource);
        done = true;
    });
}

TEST(WriteGate, AResourceHeldStillKeepsOtherThreadsWritesWaitingUntilItEnds) {
    WriteGate gate;
    std::atomic<bool> written{false}, elsewhere{false};
    std::thread writing, other;
    {
        const WriteGate::Still still(&gate, "CliFor");
        writing = writer(gate, "CliFor", written);
        other = writer(gate, "Articoli", elsewhere);
        other.join();  // another resource is not held: its write goes at once
        EXPECT_TRUE(elsewhere);
        const WriteGate::Writing own(&gate,
                                     "CliFor");  // the holder's own write passes (it would wait for ever otherwise)
        std::this_thread::sleep_for(50ms);
        EXPECT_FALSE(written);
    }
    writing.join();
    EXPECT_TRUE(written);
}

TEST(WriteGate, AHoldWaitsForTheWritesInFlight) {
    WriteGate gate;
    std::atomic<bool> held{false};
    std::thread reader;
    {
        const WriteGate::Writing w(&gate, "CliFor");
        reader = std::thread([&] {
            const WriteGate::Still still(&gate, "CliFor");
            held = true;
        });
        std::this_thread::sleep_for(50ms);
        EXPECT_FALSE(held);
    }
    reader.join();
    EXPECT_TRUE(held);
}

TEST(WriteGate, HoldsOfOneThreadNestAndAnotherThreadsWaitsForTheOuterOne) {
    WriteGate gate;
    std::atomic<bool> written{false};
    std::thread writing;
    {
        const WriteGate::Still outer(&gate, "CliFor");
        { const WriteGate::Still inner(&gate, "CliFor"); }
        writing = writer(gate, "CliFor", written);
        std::this_thread::sleep_for(50ms);
        EXPECT_FALSE(written);  // the inner hold's end did not let it through
    }
    writing.join();
    EXPECT_TRUE(written);
}

TEST(WriteGate, WithoutAGateNothingWaits) {
    const WriteGate::Still still(nullptr, "CliFor");
    std::thread([] { const WriteGate::Writing w(nullptr, "CliFor"); }).join();
}

}  // namespace
}  // namespace bds::client
