// Issue 38, decision 021: a server module names in its SQL text only the tables it owns.
//
// dependency-cruiser (npm run lint) sees a module import another module's schema file; it does not see
// raw SQL text: `sql\`... join customer_prices cp ...\`` or `sql.raw('"products"."id"')` names a table
// without importing anything. This check reads that text: every `sql` tagged template and every
// literal argument of `sql.raw(...)` in apps/server/src/modules/** (tests aside: *.test.ts build
// fixtures and check rows of any table), parsed with the TypeScript compiler, and finds the tables it
// names: after from, join, update, into, using, table (with the comma-separated list of a from), and as
// `table.column`. A table named by a module that does not own it (module-boundaries.cjs, tableOwners) is
// an error unless `sqlAllowed` there lists that file and table with a reason; an entry of `sqlAllowed`
// that no longer matches anything is an error too, so the list only shrinks; and so is a table of the
// schema files (`pgTable('name', ...)`) that tableOwners does not list, which no one would own.
//
//   node scripts/check-sql-tables.mjs          the check (npm run lint): exit 1 with one line per finding
//   node scripts/check-sql-tables.mjs --all    also list what the exceptions cover, and the counts
//   node scripts/check-sql-tables.mjs --root DIR   check another tree (with its own module-boundaries.cjs)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const MODULES_DIR = 'apps/server/src/modules';
export const SCHEMA_DIR = 'apps/server/src/db/schema';

/** table -> owning module, from module-boundaries.cjs's tableOwners (schema file -> table -> owner). */
export function ownerOfTable(tableOwners) {
  const owners = new Map();
  for (const tables of Object.values(tableOwners)) for (const [table, owner] of Object.entries(tables)) owners.set(table, owner);
  return owners;
}

/**
 * The SQL text pieces of a source file: the literal parts of each `sql` tagged template and of each
 * literal argument of `sql.raw(...)`. Interpolations (`${products}`, `${fragment}`) are not text: they
 * become a placeholder, and a fragment built elsewhere is read where it is written.
 * Each piece: { text, at(i) -> offset in the file }.
 */
export function sqlPieces(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const pieces = [];
  /** Source ranges [start, end) of a template or string literal's text, without its quotes and `${`, `}`. */
  const literalRanges = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [[node.getStart(file) + 1, node.end - 1]];
    if (ts.isTemplateExpression(node)) {
      const ranges = [[node.head.getStart(file) + 1, node.head.end - 2]];
      for (const span of node.templateSpans) {
        const tail = ts.isTemplateTail(span.literal);
        ranges.push([span.literal.getStart(file) + 1, span.literal.end - (tail ? 1 : 2)]);
      }
      return ranges;
    }
    return [];
  };
  const addPiece = (ranges) => {
    if (!ranges.length) return;
    let text = '';
    const map = [];
    for (const [start, end] of ranges) {
      if (text) text += ' __x__ '; // an interpolation: a name that is no table, so a from's comma list reads on
      map.push([text.length, start]);
      text += source.slice(start, end);
    }
    const at = (i) => {
      let k = map.length - 1;
      while (k > 0 && map[k][0] > i) k--;
      return map[k][1] + (i - map[k][0]);
    };
    pieces.push({ text, at });
  };
  const isSql = (e) => ts.isIdentifier(e) && e.text === 'sql';
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && isSql(node.tag)) addPiece(literalRanges(node.template));
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      isSql(node.expression.expression) &&
      node.expression.name.text === 'raw' &&
      node.arguments[0]
    ) {
      addPiece(literalRanges(node.arguments[0]));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { file, pieces };
}

const KEYWORDS = new Set(
  'where on join left right inner outer full cross natural lateral group order limit offset having union except intersect using set returning window for as and or not when then else end select from into values'.split(' '),
);
const IDENT = '"?([a-z_][a-z0-9_]*)"?';

/** Blanks SQL comments and string constants (same length, so offsets hold). */
function blankCommentsAndStrings(text) {
  return text
    .replace(/--[^\n]*/g, (m) => ' '.repeat(m.length))
    .replace(/'(?:[^']|'')*'/g, (m) => `'${' '.repeat(m.length - 2)}'`);
}

/**
 * The known tables a piece of SQL text names, with the offset of each name: after from / join /
 * update / into / using / table (and each item of a from's comma list), and before `.column`.
 * Names a `with` defines are the statement's own, not tables.
 */
export function tablesNamed(text, knownTables) {
  const t = blankCommentsAndStrings(text.toLowerCase());
  const ctes = new Set();
  for (const m of t.matchAll(/(?:\bwith\s+(?:recursive\s+)?|,\s*)([a-z_][a-z0-9_]*)\s*(?:\([^)]*\)\s*)?as\s+(?:not\s+)?(?:materialized\s+)?\(/g)) ctes.add(m[1]);
  const found = [];
  const isTable = (name) => knownTables.has(name) && !ctes.has(name);
  const itemRe = new RegExp(`^(?:only\\s+)?(?:"?public"?\\s*\\.\\s*)?${IDENT}(?![a-z0-9_"]|\\s*\\.)`);
  const aliasRe = new RegExp(`^\\s+(?:as\\s+)?${IDENT}`);
  for (const m of t.matchAll(/\b(from|join|update|into|using|table)\s+/g)) {
    let at = m.index + m[0].length;
    for (;;) {
      const item = itemRe.exec(t.slice(at));
      if (!item) break;
      const name = item[1];
      if (isTable(name)) found.push({ table: name, offset: at + item[0].indexOf(name) });
      if (m[1] !== 'from' && m[1] !== 'using') break;
      // A from's comma list: `from orders o, businesses b`.
      at += item[0].length;
      const alias = aliasRe.exec(t.slice(at));
      if (alias && !KEYWORDS.has(alias[1])) at += alias[0].length;
      const comma = /^\s*,\s*/.exec(t.slice(at));
      if (!comma) break;
      at += comma[0].length;
    }
  }
  for (const m of t.matchAll(new RegExp(`(?<![a-z0-9_."])${IDENT}\\s*\\.\\s*(?=["a-z_*])`, 'g'))) {
    if (isTable(m[1])) found.push({ table: m[1], offset: m.index + m[0].indexOf(m[1]) });
  }
  return found;
}

/** Every table named in the SQL text of one source file: [{ line, table }], one per line and table. */
export function sqlTablesOfFile(fileName, source, knownTables) {
  const { file, pieces } = sqlPieces(fileName, source);
  const seen = new Set();
  const out = [];
  for (const piece of pieces) {
    for (const { table, offset } of tablesNamed(piece.text, knownTables)) {
      const line = file.getLineAndCharacterOfPosition(piece.at(offset)).line + 1;
      if (seen.has(`${line} ${table}`)) continue;
      seen.add(`${line} ${table}`);
      out.push({ line, table });
    }
  }
  return out.sort((a, b) => a.line - b.line || a.table.localeCompare(b.table));
}

/** The tables the schema files define (`pgTable('name', ...)`), each with its file: [{ file, table }]. */
export function schemaTables(schemaDir) {
  const out = [];
  for (const name of readdirSync(schemaDir).sort()) {
    if (!name.endsWith('.ts')) continue;
    const file = ts.createSourceFile(name, readFileSync(join(schemaDir, name), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pgTable' && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        out.push({ file: name, table: node.arguments[0].text });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * The check. cwd: the repository (or a fixture laid out like one); boundaries: module-boundaries.cjs's
 * exports. Returns every foreign name ({ file, line, table, owner, module, allowed }), the ones no
 * exception covers, and the exceptions (file and table) that match nothing.
 */
export function checkSqlTables({ cwd = repoRoot, boundaries = require('../module-boundaries.cjs') } = {}) {
  const owners = ownerOfTable(boundaries.tableOwners);
  const knownTables = new Set(owners.keys());
  const allowed = new Set();
  for (const a of boundaries.sqlAllowed ?? []) for (const table of a.tables) allowed.add(`${a.from} ${table}`);
  const used = new Set();
  const foreign = [];
  const modulesDir = join(cwd, MODULES_DIR);
  for (const path of sourceFiles(modulesDir)) {
    const file = relative(cwd, path).split(sep).join('/');
    const module = relative(modulesDir, path).split(sep)[0];
    if (module === relative(modulesDir, path)) continue; // modules/index.ts: the registration, no SQL
    for (const { line, table } of sqlTablesOfFile(file, readFileSync(path, 'utf8'), knownTables)) {
      const owner = owners.get(table);
      if (owner === module) continue;
      const key = `${file} ${table}`;
      if (allowed.has(key)) used.add(key);
      foreign.push({ file, line, table, owner, module, allowed: allowed.has(key) });
    }
  }
  const uncovered = foreign.filter((f) => !f.allowed);
  const stale = [...allowed].filter((k) => !used.has(k)).map((k) => ({ file: k.split(' ')[0], table: k.split(' ')[1] }));
  // A table the map does not list would be no one's, and its name in any module's SQL unseen.
  const schemaDir = join(cwd, SCHEMA_DIR);
  const unowned = existsSync(schemaDir) ? schemaTables(schemaDir).filter((t) => !owners.has(t.table)) : [];
  return { foreign, uncovered, stale, unowned };
}

/** Lines (file and line) of a list of findings: the measure the issue counts. */
export const countLines = (findings) => new Set(findings.map((f) => `${f.file}:${f.line}`)).size;

function main() {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  // --root DIR: another tree laid out like this one, with its own module-boundaries.cjs (the tests' fixtures).
  const root = args.includes('--root') ? resolve(args[args.indexOf('--root') + 1] ?? '.') : undefined;
  const { foreign, uncovered, stale, unowned } = root ? checkSqlTables({ cwd: root, boundaries: require(join(root, 'module-boundaries.cjs')) }) : checkSqlTables();
  const say = (f) => `${f.file}:${f.line}: module ${f.module} names table ${f.table} (owned by ${f.owner})`;
  if (all) {
    for (const f of foreign.filter((x) => x.allowed)) console.log(`allowed  ${say(f)}`);
    const files = new Set(foreign.map((f) => f.file));
    const modules = new Set(foreign.map((f) => f.module));
    console.log(
      `foreign-table SQL: ${countLines(foreign)} lines in ${files.size} files of ${modules.size} modules; ` +
        `${countLines(uncovered)} lines not covered by module-boundaries.cjs's sqlAllowed`,
    );
  }
  for (const f of uncovered) console.error(`${say(f)}: the owner exports a fragment or service, or sqlAllowed in module-boundaries.cjs lists it with a reason`);
  for (const s of stale) console.error(`module-boundaries.cjs sqlAllowed: ${s.file} no longer names ${s.table} in its SQL: remove it from the list`);
  for (const t of unowned) console.error(`${SCHEMA_DIR}/${t.file} defines table ${t.table}, which module-boundaries.cjs's tableOwners does not give an owner`);
  if (uncovered.length || stale.length || unowned.length) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
