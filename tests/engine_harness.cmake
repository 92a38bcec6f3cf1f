# The throwaway PostgreSQL and MariaDB servers of the tests, those engines (and SQLite, the stub's choice A-115) as the
# stub's database, and the whole harness against a stub on each: every suite, 100 cases, no MUST failure, no error
# (tests/run/engine_harness_test.cpp). Slow, so run in the optimised build (ctest -L engine_harness), never under the
# sanitizers; included by tests/CMakeLists.txt, and alone when the optimised build of CI leaves the other tests out.
find_package(GTest REQUIRED)
include(GoogleTest)
# libpq talks to the throwaway PostgreSQL cluster (Debian libpq-dev; the server is postgresql).
pkg_check_modules(LIBPQ REQUIRED IMPORTED_TARGET libpq)
# MariaDB Connector/C talks to the throwaway MariaDB server (Debian libmariadb-dev; the server is mariadb-server).
pkg_check_modules(LIBMARIADB REQUIRED IMPORTED_TARGET libmariadb)

add_library(bds_test_engines OBJECT
  selection/server_process.cpp
  selection/postgres_server.cpp
  selection/mariadb_server.cpp
  run/engine_servers.cpp)
target_include_directories(bds_test_engines PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(bds_test_engines PUBLIC bds_core PkgConfig::LIBPQ PkgConfig::LIBMARIADB)

if(NOT BDS_SANITIZE)
  # And the harness against a busy, shared staging server (tests/run/busy_staging_test.cpp): minutes too; every
  # check's chain against its hint (tests/suites/chain_hints_test.cpp), a whole run at the default cases; and a whole
  # run's own reads on the stub on SQLite (tests/suites/server/engine_run_test.cpp).
  add_executable(bds_engine_harness_tests run/engine_harness_test.cpp run/busy_staging_test.cpp run/background_client.cpp
                 run/suite_fixture.cpp run/proxy_fixture.cpp test_records.cpp suites/chain_hints_test.cpp
                 suites/server/engine_run_test.cpp)
  target_link_libraries(bds_engine_harness_tests PRIVATE bds_test_engines GTest::gtest_main)
  # One ctest per engine, so that `ctest -j` runs them beside each other and beside the matrices.
  gtest_discover_tests(bds_engine_harness_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS engine_harness TIMEOUT 1800)
endif()
