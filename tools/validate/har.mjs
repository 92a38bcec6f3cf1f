// Validates a HAR file with har-validator (the HAR 1.2 schema, an implementation we did not write).
// Usage: node tools/validate/har.mjs FILE.har
// Prints "valid HAR 1.2: N pages, M entries", or the errors and exits 1; exits 2 when it cannot run.
import { readFileSync } from "node:fs";

let validate;
try {
  validate = (await import("har-validator")).default;
} catch (e) {
  console.error(`har-validator not installed (${e.message}); run: npm ci --prefix tools/validate`);
  process.exit(2);
}

const file = process.argv[2];
if (!file) {
  console.error("usage: node tools/validate/har.mjs FILE.har");
  process.exit(2);
}
let doc;
try {
  doc = JSON.parse(readFileSync(file, "utf8"));
} catch (e) {
  console.error(`FAIL ${file}: not JSON: ${e.message}`);
  process.exit(1);
}
try {
  await validate.har(doc);
} catch (e) {
  const errors = Array.isArray(e.errors) ? e.errors : [e];
  console.error(`FAIL ${file}:\n  ${errors.map((x) => `${x.dataPath ?? ""} ${x.message ?? x}`).join("\n  ")}`);
  process.exit(1);
}
console.log(`valid HAR 1.2: ${doc.log.pages?.length ?? 0} pages, ${doc.log.entries.length} entries`);
