// Writes the history page of tests/history/history_sample.cpp's view to the file named: the Chromium test
// (tests/history/history_screenshot_test.sh) renders it, and docs/history.png is its screenshot.
//   history_html_sample OUT.html
#include <fstream>
#include <iostream>

#include "history/history_sample.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: history_html_sample OUT.html\n";
        return 2;
    }
    std::ofstream out(argv[1], std::ios::binary);
    bds::history::write_history_html(bds::test::sample_history(), out);
    out.close();
    if (!out) {
        std::cerr << "history_html_sample: cannot write " << argv[1] << "\n";
        return 1;
    }
    return 0;
}
