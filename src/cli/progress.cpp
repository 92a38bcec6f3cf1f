#include "cli/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

namespace bds::cli {

std::size_t terminal_width() {
    winsize w{};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 10) return w.ws_col;
    return 80;
}

Progress::Progress(std::ostream& out, const std::vector<Check>& checks, bool tty, int cases)
    : out_(out), tty_(tty), cases_(cases), total_(checks.size()) {
    for (const auto& c : checks) ++left_[c.suite];
}

void Progress::attach(run::RunOptions& options) {
    if (tty_) {
        options.on_start = [this](const Check& c) { line(c, ""); };
        options.on_case = [this](const Check& c, int number) {
            line(c, "  case " + std::to_string(std::min(number, cases_)) + "/" + std::to_string(cases_));
        };
    }
    options.on_result = [this](const run::CheckResult& r) { finished(r); };
}

void Progress::line(const Check& check, const std::string& tail) {
    std::string text = "[" + std::to_string(done_) + "/" + std::to_string(total_) + "] " + check.suite + "  " +
                       check.id + "  " + check.title + tail;
    // Cut to the terminal's width on a UTF-8 boundary, or the line wraps and \r no longer rewrites it.
    const std::size_t width = terminal_width() - 1;
    std::size_t chars = 0, at = 0;
    for (; at < text.size(); ++at)
        if ((static_cast<unsigned char>(text[at]) & 0xC0) != 0x80 && ++chars > width) break;
    text.resize(at);
    out_ << "\r\033[K" << text << std::flush;
}

void Progress::finished(const run::CheckResult& r) {
    ++done_;
    ++counts_[r.suite][std::string(run::to_string(r.outcome))];
    if (tty_) {
        out_ << "\r\033[K" << std::flush;
        return;
    }
    if (--left_[r.suite] > 0) return;
    std::string counts;
    for (const auto& [outcome, n] : counts_[r.suite])
        counts += (counts.empty() ? "" : ", ") + std::to_string(n) + " " + outcome;
    out_ << "[" << done_ << "/" << total_ << "] " << r.suite << ": " << counts << std::endl;
}

}  // namespace bds::cli
