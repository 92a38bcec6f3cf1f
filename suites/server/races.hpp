#pragma once
/// The races suite's checks that its table (races.cpp) takes from races_feed.cpp: the change feed read while clients
/// write (000 §4.3).
#include "run/context.hpp"

namespace bds::suites {

/// RACE-03 (MUST): a whole read of the feed lists every record answered 200 before it began whose dat_ultvar is after
/// its LastUtcRun.
void feed_lists_what_was_answered(Context& ctx);
/// RACE-04 (SHOULD, A-126): a reader following the feed, each read after the latest dat_ultvar it saw, ends having seen
/// every record written meanwhile.
void feed_reader_sees_every_record(Context& ctx);

}  // namespace bds::suites
