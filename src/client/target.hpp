#pragma once
/// The target file (docs/command-line.md, "The target file"): where the server under test is, how to get tokens, which
/// users play which role, and the settings for what the seeds leave unshown (spec/assumptions.md).
#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "schema/envelope.hpp"
#include "client/dialect.hpp"
#include "sql/collation.hpp"

namespace bds::client {

/// A target file that cannot be used: what was expected, what came, and where (a JSON pointer).
class TargetError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The target file's "envelope" that leaves it to the first list read; else one of bds::Envelope's spellings.
inline constexpr const char* kAutoEnvelope = "auto";

/// One user the checks act as.
struct UserCredentials {
    std::string username;
    std::string password;
    /// The resources this user may use, when the target file says (the `limited` role needs it).
    std::vector<std::string> resources;
};

/// The roles checks ask for: a writer, a read-only user of the same tenant, a user of another tenant,
/// and a user limited to some resources.
inline constexpr const char* kWriter = "writer";
inline constexpr const char* kReader = "reader";
inline constexpr const char* kOtherTenant = "other_tenant";
inline constexpr const char* kLimited = "limited";

struct TargetConfig {
    /// e.g. "https://staging.example/bds" (a path prefix is allowed); no trailing slash.
    std::string base_url;
    /// POST path of the token endpoint (000 §4: "/Token").
    std::string token_path = "/Token";
    /// Extra form fields of the token request, e.g. {"client_id": "…"}; grant_type defaults to password.
    std::map<std::string, std::string> token_form;
    std::map<std::string, UserCredentials> users;
    /// Where TotalRowsCount stands in a list response; unset ("auto"): detected from the first list read.
    std::optional<Envelope> envelope;
    /// The collation RecordSelection compares text with; unset: only collation-independent conditions.
    std::optional<Collation> collation;
    /// The literal forms RecordSelection accepts; unset: ENG-03 finds them before the checks.
    std::optional<Dialect> dialect;
    int decimal_scale = 6;  ///< A-16
    /// Decimal precision the generators stay within (A-16: not shown; 18 is the narrowest common choice).
    int decimal_precision = 18;
    int timeout_ms = 10000;  ///< per request
    double rate_per_s = 0;   ///< 0: unbounded (A-44)
    bool read_only = false;  ///< run only checks that write nothing
    /// The key pool the runs of this target write under (run::RunOptions::key_pool); empty: the default the run command
    /// derives (cli/run_command.cpp, key_pool_of), "none": a random prefix every run.
    std::string key_pool;
    /// the largest PageSize the target serves, when known; the harness reads with at most 100 and finds
    /// a smaller cap itself.
    std::optional<int> max_page_size;
    int max_block = 200;  ///< A-31: records per POST sync the harness sends
    /// The most rows one read of all pages keeps (a target serving full pages forever would fill memory); a read
    /// that goes past it errs, saying so.
    int max_rows_read = 50000;
    /// Longest wait for a token to expire for the expiry check; a longer-lived token skips it.
    int token_expiry_wait_s = 10;
    /// POST query body template for MCPClienti: JSON whose strings may hold "$RecordSelection",
    /// "$PageSize", "$PageNumber", "$OrderField", "$OrderDescending" and "$OrderDirection" (ASC or DESC), filled
    /// by fill_template (client/body_template.hpp): a string that is one placeholder takes its typed value (numbers
    /// for the page values, a boolean for "$OrderDescending"), a longer string its text ("$OrderField
    /// $OrderDirection" → "cod_clifor DESC"); a member with an absent value is removed (also when the string mixes
    /// it with a present one), and an array element left empty by that too. Absent: the query checks are skipped;
    /// without "$OrderField" the ordering checks are.
    std::optional<nlohmann::json> query_body;
    /// HTTPS: a CA bundle file to trust, or no verification at all (self-signed staging servers).
    std::string ca_file;
    bool insecure = false;
    /// The target's release label, for the run history (a pipeline sets it, e.g. "${RELEASE}"); "" when not given.
    std::string release;

    const UserCredentials* user(const std::string& role) const;
};

/// Reads a target document, held to spec/target.schema.json (compiled in; it documents every setting). `${VAR}` in
/// any string expands from the environment first (an unset variable is an error naming it), so secrets stay out of
/// files. Unknown keys are errors (typos would silently change a run); an error never shows a value under users
/// or token, only its kind.
TargetConfig target_from_json(const nlohmann::json& doc);

/// Reads a target file (JSON); TargetError names the file and the problem.
TargetConfig load_target(const std::string& path);

/// Reads the text of a target file named `path` (only for messages), as load_target does once it has read it.
TargetConfig parse_target(const std::string& text, const std::string& path);

/// "${NAME}" replaced by the environment's NAME in `text`; TargetError for an unset variable.
std::string expand_environment(const std::string& text);

}  // namespace bds::client
