# The HTML pages as a browser renders them: headless Chromium (Debian's package, which ci/report-screenshot.sh
# installs when missing) opens the history page of a hand-built view, finds its grid and timeline, and screenshots
# it; the same page without its grid must be refused. Included by tests/CMakeLists.txt in the optimised build (as
# npm_tools.cmake), also when the other test programs are left out (CI's optimised build).

# The hand-built history's page (tests/history/history_sample.cpp), written to the file named.
add_executable(history_html_sample ${CMAKE_CURRENT_SOURCE_DIR}/history/history_html_sample.cpp
                                   ${CMAKE_CURRENT_SOURCE_DIR}/history/history_sample.cpp)
target_include_directories(history_html_sample PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(history_html_sample PRIVATE bds_core)

add_test(NAME history_page_renders_in_chromium
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/history/history_screenshot_test.sh
                 $<TARGET_FILE:history_html_sample> ${CMAKE_SOURCE_DIR}/ci/report-screenshot.sh)
set_tests_properties(history_page_renders_in_chromium PROPERTIES TIMEOUT 300)

# Eight runs of two releases against the bundled stub (a defect shown on half of the requests, a choice flipped, two
# runs appending at once) read back by `conformance history`: the defect's check and statements flaky, the flip in
# the behaviour map, the page rendered in Chromium (node reads the JSON).
add_test(NAME history_of_eight_runs_says_what_changed
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/history/history_runs_test.sh $<TARGET_FILE:conformance> ${CMAKE_SOURCE_DIR})
set_tests_properties(history_of_eight_runs_says_what_changed PROPERTIES TIMEOUT 600)
