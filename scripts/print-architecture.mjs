// Issue 38: the generated parts of ARCHITECTURE.md, so that they cannot drift from the code.
//
// - The map of the server's modules: for each folder of apps/server/src/modules, the tables it owns
//   (module-boundaries.cjs), the URL prefixes of its routes (read from its route files and from where
//   modules/index.ts registers them, with their prefix), and the web areas that call them (the '/api/...'
//   addresses written in apps/web/src, matched to the routes).
// - The index of docs/decisions/*.md, one line each (its title).
//
// Read with the TypeScript compiler, nothing run. `node scripts/print-architecture.mjs` writes both between
// their markers in ARCHITECTURE.md; `--check` only says whether the file is up to date (exit 1 if not).
// scripts/print-architecture.test.mjs fails when it is not; apps/server/test/architecture-routes.test.ts
// checks that the routes read here are the ones the built app registers.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const MODULES = join(root, 'apps/server/src/modules');
const WEB = join(root, 'apps/web/src');
export const ARCHITECTURE = join(root, 'ARCHITECTURE.md');

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const parse = (path) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
const posix = (path) => path.split(sep).join('/');

function files(dir, test) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, test));
    else if (test(name)) out.push(path);
  }
  return out;
}

/** A string literal's text, or a template's text up to its first `${`; null for anything else. */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

/** modules/index.ts: route function -> { file, prefix } of each `app.register(fn, { ..., prefix: '...' })`. */
function registrations() {
  const index = parse(join(MODULES, 'index.ts'));
  const imported = new Map();
  const out = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && node.importClause?.namedBindings && ts.isNamedImports(node.importClause.namedBindings)) {
      for (const e of node.importClause.namedBindings.elements) imported.set(e.name.text, join(MODULES, node.moduleSpecifier.text));
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'register' && node.arguments[0] && ts.isIdentifier(node.arguments[0])) {
      const options = node.arguments[1];
      let prefix = '';
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const p of options.properties) if (ts.isPropertyAssignment(p) && p.name.getText(index) === 'prefix') prefix = literalText(p.initializer) ?? '';
      }
      out.push({ fn: node.arguments[0].text, file: imported.get(node.arguments[0].text), prefix });
    }
    ts.forEachChild(node, visit);
  };
  visit(index);
  return out;
}

/** The routes (method and path as written) of one route file: `x.get('/path', ...)`, `x.post(...)` .... */
function routesOfFile(path) {
  const file = parse(path);
  const out = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && METHODS.has(node.expression.name.text) && node.arguments.length >= 2) {
      const arg = node.arguments[0];
      const url = ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) ? arg.text : null; // '' under a prefix: the prefix itself
      if (url !== null && (url === '' || url.startsWith('/'))) out.push({ method: node.expression.name.text.toUpperCase(), path: url });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/**
 * Every route of every module, with its full URL: the file's registration prefix, or for a route file
 * that index.ts does not register itself (auth's register.routes.ts, called by auth.routes.ts) the one
 * prefix of its module's registrations.
 */
export function moduleRoutes() {
  const regs = registrations();
  const out = [];
  for (const path of files(MODULES, (n) => n.endsWith('.routes.ts'))) {
    const module = posix(relative(MODULES, path)).split('/')[0];
    const own = regs.filter((r) => r.file === path);
    const ofModule = [...new Set(regs.filter((r) => posix(relative(MODULES, r.file)).split('/')[0] === module).map((r) => r.prefix))];
    if (!own.length && ofModule.length !== 1) throw new Error(`${posix(relative(root, path))}: not registered in modules/index.ts and its module's prefixes are ${JSON.stringify(ofModule)}`);
    const prefix = own.length ? own[0].prefix : ofModule[0];
    for (const r of routesOfFile(path)) {
      const url = (prefix + r.path).replace(/\/$/, '') || '/';
      out.push({ module, method: r.method, url, file: posix(relative(root, path)) });
    }
  }
  return out;
}

const segments = (url) => url.split('/').filter(Boolean);

/** The prefix a route is listed under: /api/<area>, /api/staff/<area> (read, write ... alike), else the first segment. */
function prefixOf(url) {
  const s = segments(url);
  if (s[0] !== 'api') return `/${s[0] ?? ''}`;
  const wide = ['staff', 'read', 'write', 'custom_route'].includes(s[1] ?? '') && s[2] && !s[2].startsWith(':');
  return `/${s.slice(0, wide ? 3 : 2).join('/')}`;
}

/** The web's area of a file: features/<name>, staff/<name>, or the folder (app, lib, components, staff). */
function webArea(path) {
  const s = posix(relative(WEB, path)).split('/');
  if ((s[0] === 'features' || s[0] === 'staff') && s.length > 2) return `${s[0]}/${s[1]}`;
  return s.length > 1 ? s[0] : '(src)';
}

/**
 * The modules an address written in the web reaches: the routes whose leading segments it spells (":id"
 * matches any). `/api/orders/${id}` (a template: its text up to `${`) ends in "/": one more segment follows.
 */
function modulesOfAddress(text, routes) {
  const stem = text.split('?')[0];
  const s = segments(stem);
  const length = s.length + (stem.endsWith('/') ? 1 : 0);
  const fits = (r) => {
    const rs = segments(r.url);
    return rs.length >= length && s.every((seg, i) => rs[i] === seg || rs[i]?.startsWith(':'));
  };
  const exact = routes.filter((r) => fits(r) && segments(r.url).length === length);
  return new Set((exact.length ? exact : routes.filter(fits)).map((r) => r.module));
}

/** module -> the web areas whose code writes an address of one of its routes. */
export function webAreasByModule(routes) {
  const out = new Map();
  for (const path of files(WEB, (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n))) {
    const visit = (node) => {
      const text = literalText(node);
      if (text?.startsWith('/api/')) {
        for (const m of modulesOfAddress(text, routes)) {
          if (!out.has(m)) out.set(m, new Set());
          out.get(m).add(webArea(path));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(path));
  }
  return out;
}

const code = (s) => `\`${s}\``;

/** The module map: | module | tables it owns | URL prefixes | web areas that call it |. */
export function renderModuleTable() {
  const { tableOwners } = require('../module-boundaries.cjs');
  const modules = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory()).sort();
  const tables = new Map();
  for (const [schema, owned] of Object.entries(tableOwners)) {
    for (const [table, owner] of Object.entries(owned)) {
      if (owner !== 'lib' && !modules.includes(owner)) throw new Error(`module-boundaries.cjs: ${schema} gives ${table} to ${owner}, which is no folder of apps/server/src/modules`);
      if (!tables.has(owner)) tables.set(owner, []);
      tables.get(owner).push(table);
    }
  }
  const routes = moduleRoutes();
  const web = webAreasByModule(routes);
  const cell = (list) => (list.length ? list.join(', ') : '-');
  const lines = ['| module (`apps/server/src/modules/`) | tables it owns | URL prefixes of its routes | web areas calling it (`apps/web/src/`) |', '|---|---|---|---|'];
  for (const m of modules) {
    const prefixes = [...new Set(routes.filter((r) => r.module === m).map((r) => prefixOf(r.url)))].sort();
    lines.push(`| ${code(m)} | ${cell((tables.get(m) ?? []).map(code))} | ${cell(prefixes.map(code))} | ${cell([...(web.get(m) ?? [])].sort().map(code))} |`);
  }
  lines.push(`| ${code('lib/')} (infrastructure, not a module) | ${cell((tables.get('lib') ?? []).map(code))} | - | - |`);
  return lines.join('\n');
}

/** One line per docs/decisions/*.md: its number, linked, and its title. */
export function renderDecisionIndex() {
  const dir = join(root, 'docs/decisions');
  return readdirSync(dir)
    .filter((name) => /^\d+-.*\.md$/.test(name))
    .sort()
    .map((name) => {
      const title = readFileSync(join(dir, name), 'utf8').split('\n')[0].replace(/^#\s*/, '');
      const [, number, rest] = /^(\d+):?\s*(.*)$/.exec(title) ?? [null, name.slice(0, 3), title];
      return `- [${number}](docs/decisions/${name}): ${rest}`;
    })
    .join('\n');
}

const BLOCKS = {
  modules: renderModuleTable,
  decisions: renderDecisionIndex,
};

/** The document with each generated block (between `<!-- NAME:begin ... -->` and `<!-- NAME:end -->`) printed anew. */
export function withGeneratedBlocks(doc) {
  let out = doc;
  for (const [name, render] of Object.entries(BLOCKS)) {
    const re = new RegExp(`(<!-- ${name}:begin[^>]*-->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
    if (!re.test(out)) throw new Error(`ARCHITECTURE.md has no <!-- ${name}:begin --> ... <!-- ${name}:end --> markers`);
    out = out.replace(re, (_, begin, end) => `${begin}${render()}\n${end}`);
  }
  return out;
}

function main() {
  const doc = readFileSync(ARCHITECTURE, 'utf8');
  const printed = withGeneratedBlocks(doc);
  if (process.argv.includes('--check')) {
    if (printed !== doc) {
      console.error('ARCHITECTURE.md is out of date: run node scripts/print-architecture.mjs');
      process.exit(1);
    }
    return;
  }
  if (printed !== doc) writeFileSync(ARCHITECTURE, printed);
  console.log(printed === doc ? 'ARCHITECTURE.md was up to date' : 'ARCHITECTURE.md printed');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
