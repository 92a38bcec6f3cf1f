// Every request and response body schema of an OpenAPI description, as Prism reads it, compiled by Ajv as Prism's
// validator compiles it — and once more in Ajv's strict mode.
//
//   node prism_compile.mjs FILE
//
// Prism (npm @stoplight/prism-cli) reads a description through @stoplight/prism-http's getHttpOperationsFromSpec
// (dereferenced, converted to JSON Schema by @stoplight/http-spec's OAS3 operation transform, bundled), normalizes a
// body schema before it validates (allOf merged, readOnly properties stripped from requests and writeOnly ones from
// answers: prism-http validator/validators/body.js) and compiles it with an Ajv it configures itself (validators/
// utils.js). When Ajv refuses a schema Prism catches the error and reports no violation for that body: a description
// whose schema does not compile is not validated at all, silently. This script makes that refusal loud: exit 1,
// naming the operation, the status, the media type and Ajv's error.
//
// The strict pass (Ajv's `strict: true`, the annotations the description and Prism add declared as keywords) also
// refuses what Ajv only ignores or logs otherwise: keywords out of their type, `required` names not in `properties`,
// unknown formats.
//
// Exit 0: every schema compiled (the count printed); 1: some did not; 2: usage or a description Prism cannot read.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
// Prism's own modules, resolved from prism-http as Prism resolves them (its ajv-formats is a nested copy).
const prismHttpDir = dirname(require.resolve('@stoplight/prism-http/package.json'));
const fromPrism = createRequire(join(prismHttpDir, 'dist', 'validator', 'validators', 'utils.js'));
const { getHttpOperationsFromSpec } = fromPrism('../../index.js');
const { stripReadOnlyProperties, stripWriteOnlyProperties } = fromPrism('../../utils/filterRequiredProperties.js');
const dateTime = fromPrism('./dateTime.js');
const mergeAllOf = fromPrism('@stoplight/json-schema-merge-allof');
const Ajv = fromPrism('ajv').default;
const Ajv2019 = fromPrism('ajv/dist/2019').default;
const Ajv2020 = fromPrism('ajv/dist/2020').default;
const addFormats = fromPrism('ajv-formats').default;

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('usage: node prism_compile.mjs FILE');
  process.exit(2);
}

// Prism's Ajv options (validators/utils.js baseAjvOptions); its logger only silences "unknown format" warnings.
const quiet = { warn() {}, log() {}, error: console.error };
const prismOptions = { allErrors: true, allowUnionTypes: true, allowMatchingProperties: true, strict: false };
// Bodies are validated without coercion (validators/body.js calls validateAgainstSchema with coerce false).
function prismAjv(AjvClass, extra) {
  const ajv = new AjvClass({ ...prismOptions, coerceTypes: false, logger: quiet, ...extra });
  addFormats(ajv);
  ajv.addFormat('date-time', dateTime.fmtDef(dateTime.date_time, dateTime.compareDateTime));
  return ajv;
}
// Prism picks its Ajv by the schema's $schema (validators/utils.js assignAjvInstance).
function ajvClass(schema) {
  const s = String(schema.$schema);
  if (/^https?:\/\/json-schema.org\/draft\/2019-09\/schema#?$/.test(s)) return Ajv2019;
  if (/^https?:\/\/json-schema.org\/draft\/2020-12\/schema#?$/.test(s)) return Ajv2020;
  return Ajv;
}

// Prism's body normalization (validators/body.js withoutAllOf, then the direction's filter, an fp-ts Option: None
// leaves the body unvalidated, as Prism does).
function normalized(schema, input) {
  let s = schema;
  try {
    s = mergeAllOf(schema, { deep: true, ignoreAdditionalProperties: true });
  } catch {
    s = schema;
  }
  const option = input ? stripReadOnlyProperties(s) : stripWriteOnlyProperties(s);
  return option._tag === 'Some' ? option.value : undefined;
}

// The annotations a strict Ajv must be told of: specification extensions (x-…), which OpenAPI allows anywhere, and
// Prism's own __bundled__ (the definitions $refs point into).
function annotations(value, found = new Set()) {
  if (Array.isArray(value)) value.forEach((v) => annotations(v, found));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('x-')) found.add(k);
      annotations(v, found);
    }
  return found;
}

let operations;
try {
  JSON.parse(readFileSync(file, 'utf8'));  // a clear error for a file that is not JSON
  operations = await getHttpOperationsFromSpec(file);
} catch (e) {
  console.error(`prism_compile: Prism cannot read ${file}: ${e.message}`);
  process.exit(2);
}

const instances = new Map();
function instance(AjvClass, strict, keywords) {
  const key = `${AjvClass.name}/${strict}`;
  if (!instances.has(key)) {
    const ajv = prismAjv(AjvClass, strict ? { strict: true } : {});
    if (strict) ajv.addVocabulary(['__bundled__']);
    instances.set(key, { ajv, known: new Set(['__bundled__']) });
  }
  const { ajv, known } = instances.get(key);
  for (const k of keywords)
    if (!known.has(k)) {
      ajv.addKeyword(k);
      known.add(k);
    }
  return ajv;
}

const failures = [];
let compiled = 0;
function compile(where, schema, input, bundle) {
  const s = normalized(schema, input);
  if (!s) return;
  const target = { ...s, __bundled__: bundle };
  for (const strict of [false, true]) {
    try {
      instance(ajvClass(s), strict, strict ? annotations(target) : []).compile(target);
    } catch (e) {
      // Ajv lists every refused keyword in one message: the first few name the fault.
      const errors = e.message.split(', ');
      const shown = errors.slice(0, 3).join(', ') + (errors.length > 3 ? ` (and ${errors.length - 3} more)` : '');
      failures.push(`${where}${strict ? ' (strict mode)' : ''}: ${shown}`);
      return;
    }
  }
  ++compiled;
}

for (const op of operations) {
  const name = `${op.method.toUpperCase()} ${op.path}${op.iid ? ` (${op.iid})` : ''}`;
  const bundle = op.__bundled__;
  for (const c of op.request?.body?.contents ?? [])
    if (c.schema) compile(`${name} request body ${c.mediaType}`, c.schema, true, bundle);
  for (const r of op.responses ?? [])
    for (const c of r.contents ?? [])
      if (c.schema) compile(`${name} response ${r.code} ${c.mediaType}`, c.schema, false, bundle);
}

if (failures.length) {
  for (const f of failures) console.error(`prism_compile: ${f}`);
  console.error(`prism_compile: ${failures.length} body schema(s) of ${file} do not compile: Prism would validate none of those bodies`);
  process.exit(1);
}
if (compiled === 0) {
  console.error(`prism_compile: ${file} has no body schema: nothing for Prism to validate`);
  process.exit(1);
}
console.log(`prism_compile: ${compiled} body schemas of ${file} compile as Prism compiles them, and in Ajv's strict mode`);
