// Validates the generated files with validators we did not write:
//   schemas/*.json    against the JSON Schema draft-07 meta-schema (ajv), and compiled by ajv;
//   spec/openapi.json and spec/openapi.per-resource.json against the OpenAPI 3.0.3 schema
//   (@seriousme/openapi-schema-validator), refs resolved.
// Usage: node tools/validate/validate.mjs <project dir>
// Prints "N passed, M failed" and exits non-zero on any failure.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let Ajv, Validator;
try {
  Ajv = (await import("ajv")).default;
  ({ Validator } = await import("@seriousme/openapi-schema-validator"));
} catch (e) {
  console.error(`validators not installed (${e.message}); run: npm ci --prefix tools/validate`);
  process.exit(2);
}

const root = process.argv[2] ?? ".";
let passed = 0;
let failed = 0;
const verdict = (name, errors) => {
  if (errors.length === 0) {
    passed++;
  } else {
    failed++;
    console.error(`FAIL ${name}:\n  ${errors.join("\n  ")}`);
  }
};

// ajv in its default (draft-07) mode; strict off because x-sql-type and x-bds-* are extension keywords.
const schemaErrors = (schema) => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  if (!ajv.validateSchema(schema)) return ajv.errors.map((e) => `${e.instancePath} ${e.message}`);
  try {
    ajv.compile(schema);
  } catch (e) {
    return [`does not compile: ${e.message}`];
  }
  return [];
};

const openapiErrors = async (doc) => {
  const validator = new Validator();
  const res = await validator.validate(doc);
  if (!res.valid) return (Array.isArray(res.errors) ? res.errors : [res.errors]).map((e) => JSON.stringify(e));
  if (validator.version !== "3.0") return [`expected OpenAPI 3.0, validator saw ${validator.version}`];
  try {
    validator.resolveRefs();
  } catch (e) {
    return [`unresolved $ref: ${e.message}`];
  }
  return [];
};

// Negative controls: the validators must refuse a broken schema and a broken document, or this test proves nothing.
verdict("control: broken JSON Schema is refused", schemaErrors({ type: "strnig" }).length ? [] : ["ajv accepted {type: strnig}"]);
verdict("control: broken OpenAPI is refused",
  (await openapiErrors({ openapi: "3.0.3", paths: {} })).length ? [] : ["validator accepted a document without info"]);
verdict("control: dangling $ref is refused",
  (await openapiErrors({ openapi: "3.0.3", info: { title: "t", version: "1" },
    paths: { "/x": { get: { responses: { 200: { $ref: "#/components/responses/Nope" } } } } } })).length
    ? [] : ["validator accepted a dangling $ref"]);

const dir = join(root, "schemas");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
for (const file of files) verdict(`schemas/${file}`, schemaErrors(JSON.parse(readFileSync(join(dir, file), "utf8"))));
// The schemas of what the harness writes (its JSON report, its diff) are held to the meta-schema too.
const reportSchemas = readdirSync(join(root, "reports")).filter((f) => f.endsWith(".schema.json")).sort();
for (const file of reportSchemas)
  verdict(`reports/${file}`, schemaErrors(JSON.parse(readFileSync(join(root, "reports", file), "utf8"))));
const descriptions = ["openapi.json", "openapi.per-resource.json"];
for (const file of descriptions)
  verdict(`spec/${file}`, await openapiErrors(JSON.parse(readFileSync(join(root, "spec", file), "utf8"))));

console.log(`${files.length} schema files, ${reportSchemas.length} report schemas and spec/${descriptions.join(", spec/")} checked`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
