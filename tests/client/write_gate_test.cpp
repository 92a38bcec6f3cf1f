#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "client/write_gate.hpp"

namespace bds::client {
namespace {

using namespace std::chrono_literals;

// Waiting is shown by a flag still unset after a pause: a slow machine can only make these pass wrongly, never fail.

TEST(WriteGate, AResourceHeldStillKeepsOtherThreadsWritesWaitingUntilItEnds) {
    WriteGate gate;
    std::atomic<bool> written{false}, elsewhere{false};
    std::thread writer, other;
    {
        const WriteGate::Still still(&gate, "CliFor");
        writer = std::thread([&] {
            const WriteGate::Writing w(&gate, "CliFor");
            written = true;
        });
        other = std::thread([&] {
            const WriteGate::Writing w(&gate, "Articoli");
            elsewhere = true;
        });
        other.join();  // another resource is not held: its write goes at once
        EXPECT_TRUE(elsewhere);
        const WriteGate::Writing own(&gate, "CliFor");  // the holder's own write passes (it would wait for ever otherwise)
        std::this_thread::sleep_for(50ms);
        EXPECT_FALSE(written);
    }
    writer.join();
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
    std::thread writer;
    {
        const WriteGate::Still outer(&gate, "CliFor");
        { const WriteGate::Still inner(&gate, "CliFor"); }
        writer = std::thread([&] {
            const WriteGate::Writing w(&gate, "CliFor");
            written = true;
        });
        std::this_thread::sleep_for(50ms);
        EXPECT_FALSE(written);  // the inner hold's end did not let it through
    }
    writer.join();
    EXPECT_TRUE(written);
}

TEST(WriteGate, WithoutAGateNothingWaits) {
    const WriteGate::Still still(nullptr, "CliFor");
    std::thread([] { const WriteGate::Writing w(nullptr, "CliFor"); }).join();
}

}  // namespace
}  // namespace bds::client
