// Issue 38: ARCHITECTURE.md's generated parts are the printer's (scripts/print-architecture.mjs); the
// routes it reads are held to the built app's by apps/server/test/architecture-routes.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE, renderDecisionIndex, renderModuleTable, withGeneratedBlocks } from './print-architecture.mjs';

const require = createRequire(import.meta.url);
const modulesDir = new URL('../apps/server/src/modules/', import.meta.url);
const decisionsDir = new URL('../docs/decisions/', import.meta.url);

describe('ARCHITECTURE.md', () => {
  it('is up to date with the printer (run node scripts/print-architecture.mjs)', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8');
    expect(doc).toBe(withGeneratedBlocks(doc));
  });

  it('would be found out of date: a block edited by hand is printed anew', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8');
    const edited = doc.replace(/\| `orders` \|[^\n]*\n/, '| `orders` | `orders` | `/api/orders` | - |\n');
    expect(edited).not.toBe(doc);
    expect(withGeneratedBlocks(edited)).toBe(doc);
  });

  it('has a row for every module with every table it owns, and a line for every decision', () => {
    const table = renderModuleTable();
    const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
    for (const m of modules) expect(table).toContain(`| \`${m.name}\` |`);
    const { tableOwners } = require('../module-boundaries.cjs');
    for (const owned of Object.values(tableOwners)) {
      for (const [t, owner] of Object.entries(owned)) expect(table.split('\n').find((row) => row.startsWith(`| \`${owner === 'lib' ? 'lib/' : owner}\``))).toContain(`\`${t}\``);
    }
    const decisions = readdirSync(decisionsDir).filter((f) => /^\d+-.*\.md$/.test(f));
    expect(renderDecisionIndex().split('\n')).toHaveLength(decisions.length);
  });

  it('says which module each of a few known addresses belongs to, and who calls it', () => {
    const row = (m) => renderModuleTable().split('\n').find((r) => r.startsWith(`| \`${m}\` |`));
    expect(row('orders')).toContain('`/api/write/Orders`');
    expect(row('orders')).toContain('`features/cart`');
    expect(row('order-desk')).toContain('`/api/staff/orders`');
    expect(row('order-desk')).toContain('`staff/orders`');
    expect(row('marketplace')).toContain('`/api/bmpl`');
    expect(row('finance')).toContain('`staff/finance`');
  });
});
