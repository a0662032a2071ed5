// Lighthouse 12 (mobile profile, default throttling) on the storefront pages of issue 3, with
// Debian's Chromium, against a production build:
//   npx tsx bench/catalogue-lighthouse.ts http://127.0.0.1:3201 /home /categories
// A trailing number runs every page that many times, one round after the other, and prints each page's
// scores with their spread (issue 41: the five page types, three runs each):
//   npx tsx bench/catalogue-lighthouse.ts http://127.0.0.1:3201 /home /categories /bmpl "/productDetails?id=1" \
//     /bmpl/category/pulses-daal/daal-mash/productdetail/guard-premium-daal-mash-5-kg 3
// Budget: performance >= 90 (issue 41: 95), accessibility >= 95, LCP < 2.5 s.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 1;
const [base = 'http://127.0.0.1:3201', ...paths] = args;
const scores = new Map<string, Array<{ perf: number; lcp: number; tbt: number; cls: number; access: number }>>();
const out = '/tmp/catalogue-lighthouse.json';
let over = false;
const lighthouse = (url: string) =>
  spawnSync(
    'npx',
    ['lighthouse', url, '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`, '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
const rounds = Array.from({ length: runs }, (_, i) => i + 1);
for (const [round, path] of rounds.flatMap((r) => (paths.length ? paths : ['/home', '/categories']).map((p) => [r, p] as const))) {
  // Lighthouse sometimes fails to record the load's trace ("Please run Lighthouse again. (NO_NAVSTART)"),
  // with no score: the page is measured again, twice at most, and the retry is said.
  let run = lighthouse(base + path);
  for (let attempt = 2; run.status !== 0 && attempt <= 3; attempt++) {
    console.log(`${path}: lighthouse failed (${run.status}), attempt ${attempt} of 3`);
    run = lighthouse(base + path);
  }
  if (run.status !== 0) throw new Error(`lighthouse failed (${run.status})`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const a = report.audits;
  const perf = Math.round(report.categories.performance.score * 100);
  const access = Math.round(report.categories.accessibility.score * 100);
  const lcp = a['largest-contentful-paint'].numericValue as number;
  const tbt = a['total-blocking-time'].numericValue as number;
  const cls = a['cumulative-layout-shift'].numericValue as number;
  scores.set(path, [...(scores.get(path) ?? []), { perf, lcp, tbt, cls, access }]);
  console.log(`${runs > 1 ? `run ${round} ` : ''}${path}: performance ${perf}, accessibility ${access}, LCP ${(lcp / 1000).toFixed(2)} s, FCP ${(a['first-contentful-paint'].numericValue / 1000).toFixed(2)} s, TBT ${Math.round(a['total-blocking-time'].numericValue)} ms, CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}`);
  for (const [id, audit] of Object.entries(a) as Array<[string, { score: number | null; scoreDisplayMode: string }]>) {
    if (report.categories.accessibility.auditRefs.some((r: { id: string }) => r.id === id) && audit.score === 0) console.log(`   accessibility: ${id}`);
  }
  if (perf < 90 || access < 95 || lcp >= 2500) over = true;
}
if (runs > 1) {
  console.log(`\n${runs} runs a page (${new Date().toISOString()}):`);
  for (const [path, list] of scores) {
    const perfs = list.map((r) => r.perf);
    const lcps = list.map((r) => r.lcp / 1000);
    console.log(
      `${path}: performance ${perfs.join(', ')} (spread ${Math.max(...perfs) - Math.min(...perfs)}), LCP ${Math.min(...lcps).toFixed(2)}-${Math.max(...lcps).toFixed(2)} s, TBT ${list.map((r) => Math.round(r.tbt)).join(', ')} ms, CLS max ${Math.max(...list.map((r) => r.cls)).toFixed(3)}, accessibility ${[...new Set(list.map((r) => r.access))].join(', ')}`,
    );
  }
}
if (over) process.exitCode = 1;
