// Keeps README.md and docs/*.md true to the repository and to the program:
//   1. every relative link and image points at a file that exists, and its #anchor at a heading of that file
//      (GitHub's slugs, by github-slugger; the Markdown read by markdown-it, as a CommonMark renderer reads it);
//   2. every `conformance SUBCOMMAND ...` command line in code (fenced or inline) names a subcommand of
//      `conformance --help`, and each --option it uses is one `conformance SUBCOMMAND --help` lists; every repository
//      path named in code (ci/gate.sh, spec/..., src/...) exists;
//   3. README.md, the front door, has at most --max-readme-lines lines (150).
// Usage: node docs_links.mjs --conformance BIN --root DIR [--repo DIR] [--max-readme-lines N]
//   --root: where README.md and docs/ are; --repo: where repository paths in code are looked up (default: --root).
// Prints FILE:LINE: problem for each problem found, and exits 1 if there is one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import GithubSlugger from 'github-slugger';

const args = { 'max-readme-lines': '150' };
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
if (!args.conformance || !args.root) {
  console.error('usage: node docs_links.mjs --conformance BIN --root DIR [--repo DIR] [--max-readme-lines N]');
  process.exit(2);
}
const root = path.resolve(args.root);
const repo = path.resolve(args.repo ?? args.root);
const md = new MarkdownIt({ html: true });
const problems = [];
const problem = (file, line, text) => problems.push(`${path.relative(root, file)}:${line}: ${text}`);

// The options a help text lists: its lines "  -h,--help", "  --target TEXT", never the --words of descriptions.
function listedOptions(help) {
  const options = new Set();
  for (const line of help.split('\n')) {
    const m = line.match(/^\s{2}((?:-\w,)?--[a-z][a-z0-9-]*(?:,--[a-z][a-z0-9-]*)*)/);
    if (m) for (const o of m[1].split(',')) if (o.startsWith('--')) options.add(o);
  }
  return options;
}
const help = (sub) => execFileSync(args.conformance, [...(sub ? [sub] : []), '--help'], { encoding: 'utf8' });
const topHelp = help(null);
const subcommands = new Set();
let inSubcommands = false;
for (const line of topHelp.split('\n')) {
  if (/^Subcommands:/.test(line)) inSubcommands = true;
  else if (inSubcommands) {
    const m = line.match(/^ {2}([a-z][a-z-]*)\s/);
    if (m) subcommands.add(m[1]);
  }
}
const topOptions = listedOptions(topHelp);
const subOptions = new Map();
const optionsOf = (sub) => {
  if (!subOptions.has(sub)) subOptions.set(sub, listedOptions(help(sub)));
  return subOptions.get(sub);
};

// An option named alone in inline code (`--max-time`) must be one some program of the repository takes: conformance's
// (any subcommand's --help) or one the benches, the demo data writer or the sample connector read (their sources'
// "--name" literals). `--stub-*` names the options that start so.
const otherPrograms = ['bench', 'tools/demo_data', 'connector'];
let anyOptionCache = null;
function anyOption(option) {
  if (!anyOptionCache) {
    anyOptionCache = new Set(topOptions);
    for (const s of subcommands) for (const o of optionsOf(s)) anyOptionCache.add(o);
    const walk = (dir) => {
      if (!fs.existsSync(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/\.(cpp|hpp)$/.test(e.name))
          for (const m of fs.readFileSync(full, 'utf8').matchAll(/"(--[a-z][a-z0-9-]*)"/g)) anyOptionCache.add(m[1]);
      }
    };
    for (const d of otherPrograms) walk(path.join(repo, d));
  }
  if (option.endsWith('*')) return [...anyOptionCache].some((o) => o.startsWith(option.slice(0, -1)));
  return anyOptionCache.has(option);
}

// Headings' slugs per Markdown file, as GitHub makes them (a file's repeated heading gets -1, -2...).
const slugCache = new Map();
function inlineText(token) {
  return (token.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
}
function slugsOf(file) {
  if (!slugCache.has(file)) {
    const slugger = new GithubSlugger();
    const tokens = md.parse(fs.readFileSync(file, 'utf8'), {});
    const slugs = new Set();
    tokens.forEach((t, i) => {
      if (t.type === 'heading_open') slugs.add(slugger.slug(inlineText(tokens[i + 1])));
    });
    slugCache.set(file, slugs);
  }
  return slugCache.get(file);
}

function checkLink(file, line, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return; // http:, mailto:, ...
  const hash = target.indexOf('#');
  const rawPath = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
  if (!resolved.startsWith(root + path.sep) && resolved !== root) return problem(file, line, `link ${target} leaves the repository`);
  if (!fs.existsSync(resolved)) return problem(file, line, `link ${target}: no file ${path.relative(root, resolved)}`);
  if (anchor !== null && resolved.endsWith('.md') && !slugsOf(resolved).has(anchor))
    problem(file, line, `link ${target}: no heading #${anchor} in ${path.relative(root, resolved)}`);
}

// Paths that exist only once a script or a run wrote them (git ignores them): named as outputs, not as files here.
const written = [/^reports\/latest\./, /^reports\/gate(\/|$)/, /^reports\/conformance(\/|$)/];
const topDirs = /^(\.ci|ci|tools|fixtures|spec|schemas|reports|tests|src|suites|connector|bench|fuzz|docs|cmake)\//;
const globToRegExp = (p) =>
  new RegExp('^' + p.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/<[^>/]*>|\{[^}/]*\}|…/g, '[^/]+') + '$');
function exists(relative) {
  if (!/[*<{…]/.test(relative)) {
    const full = path.join(repo, relative); // a module may be named without its extension: src/cli/signal_watch
    return fs.existsSync(full) || (!path.extname(full) && ['.hpp', '.cpp'].some((e) => fs.existsSync(full + e)));
  }
  // A pattern (ci/templates/*, schemas/<Record>.json): at least one file of its folder matches.
  const dir = path.dirname(relative);
  if (/[*<{…]/.test(dir) || !fs.existsSync(path.join(repo, dir))) return false;
  const re = globToRegExp(path.basename(relative));
  return fs.readdirSync(path.join(repo, dir)).some((name) => re.test(name));
}
function checkPath(file, line, word) {
  const p = word.replace(/^[`'"(\[]+/, '').replace(/[`'",;:)\].]+$/, '').replace(/\/$/, '');
  if (p.includes('$') || p.includes('://')) return;
  if (topDirs.test(p)) {
    if (written.some((re) => re.test(p))) return;
    if (!exists(p)) problem(file, line, `no file or folder ${p} in the repository`);
  } else if (/^[a-z_]+\/[\w/]+\.(hpp|cpp)$/.test(p) && !exists(p) && !exists(`src/${p}`)) {
    problem(file, line, `no file ${p} (nor src/${p}) in the repository`);
  }
}

// A command's words: "conformance SUB --opt ..." up to a shell separator, a comment, or "--" (a connector's own line).
function checkCommands(file, line, code) {
  const logical = code.replace(/\\\n/g, ' ').replace(/\n(?=\s+\[)/g, ' '); // continued lines, the reference's indents
  for (const segment of logical.split(/\n|&&|\|\||;\s|\s#\s|\$\(/)) {
    const words = segment.split(/\s+/).filter(Boolean);
    const at = words.findIndex((w) => /^(?:[\w./-]*\/)?conformance$/.test(w.replace(/^[`(]+/, '')));
    if (at < 0) continue;
    const next = (words[at + 1] ?? '').replace(/[`),.:]+$/, '');
    if (next === '') continue;
    let allowed;
    if (next.startsWith('-')) {
      allowed = topOptions;
    } else if (/^[a-z][a-z|-]*$/.test(next)) {
      const subs = next.split('|');
      const unknown = subs.filter((s) => !subcommands.has(s));
      if (unknown.length) {
        problem(file, line, `\`conformance ${next}\`: no subcommand ${unknown.join(', ')} (conformance --help)`);
        continue;
      }
      if (subs.length > 1) continue;
      allowed = optionsOf(next);
    } else {
      continue; // conformance REPORT.json, a placeholder: not a command line
    }
    for (const w of words.slice(next.startsWith('-') ? at + 1 : at + 2)) {
      if (w === '--') break;
      const m = w.match(/^[[(]*(--[a-z][a-z0-9-]*)/);
      if (m && !allowed.has(m[1]))
        problem(file, line, `\`conformance ${next.startsWith('-') ? '' : next + ' '}${m[1]}\`: not an option of \`conformance ${next.startsWith('-') ? '' : next + ' '}--help\``);
    }
  }
}

function checkCode(file, line, code) {
  checkCommands(file, line, code);
  code.split('\n').forEach((text, i) => {
    for (const word of text.split(/\s+/)) if (word.includes('/')) checkPath(file, line + i, word);
  });
}

const files = [path.join(root, 'README.md')];
const docs = path.join(root, 'docs');
if (fs.existsSync(docs))
  for (const f of fs.readdirSync(docs).sort()) if (f.endsWith('.md')) files.push(path.join(docs, f));

for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const tokens = md.parse(text, {});
  let lastLine = 0; // a table cell's inline token has no line: its row's
  for (const t of tokens) {
    if (t.map) lastLine = t.map[0];
    const line = lastLine + 1;
    if (t.type === 'fence' || t.type === 'code_block') checkCode(file, line + (t.type === 'fence' ? 1 : 0), t.content);
    if (t.type === 'html_block') for (const m of t.content.matchAll(/(?:href|src)="([^"]+)"/g)) checkLink(file, line, m[1]);
    if (t.type !== 'inline') continue;
    // Inline children carry no line of their own: count the newlines before each, from the paragraph's first line.
    let offset = 0;
    for (const c of t.children) {
      if (c.type === 'softbreak' || c.type === 'hardbreak') offset++;
      if (c.type === 'link_open') checkLink(file, line + offset, c.attrGet('href'));
      if (c.type === 'image') checkLink(file, line + offset, c.attrGet('src'));
      if (c.type === 'html_inline') for (const m of c.content.matchAll(/(?:href|src)="([^"]+)"/g)) checkLink(file, line + offset, m[1]);
      if (c.type === 'code_inline') {
        checkCode(file, line + offset, c.content);
        const m = c.content.match(/^(--[a-z][a-z0-9-]*\*?)/);
        if (m && !anyOption(m[1])) problem(file, line + offset, `\`${m[1]}\`: no program of the repository takes this option`);
      }
      if (c.type === 'text') offset += (c.content.match(/\n/g) ?? []).length;
    }
  }
  if (path.basename(file) === 'README.md' && path.dirname(file) === root) {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > Number(args['max-readme-lines']))
      problem(file, lines, `README.md has ${lines} lines: at most ${args['max-readme-lines']} (move the rest to docs/)`);
  }
}

for (const p of problems) console.log(p);
console.log(`docs_links: ${files.length} files, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
