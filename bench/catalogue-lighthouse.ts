// Lighthouse 12 (mobile profile, default throttling) on the storefront pages of issue 3, with
// Debian's Chromium, against a production build:
//   npx tsx bench/catalogue-lighthouse.ts http://127.0.0.1:3201 /home /categories
// Budget: performance >= 90, accessibility >= 95, LCP < 2.5 s.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [base = 'http://127.0.0.1:3201', ...paths] = process.argv.slice(2);
const out = '/tmp/catalogue-lighthouse.json';
let over = false;
const lighthouse = (url: string) =>
  spawnSync(
    'npx',
    ['lighthouse', url, '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`, '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
for (const path of paths.length ? paths : ['/home', '/categories']) {
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
  console.log(`${path}: performance ${perf}, accessibility ${access}, LCP ${(lcp / 1000).toFixed(2)} s, FCP ${(a['first-contentful-paint'].numericValue / 1000).toFixed(2)} s, TBT ${Math.round(a['total-blocking-time'].numericValue)} ms, CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}`);
  for (const [id, audit] of Object.entries(a) as Array<[string, { score: number | null; scoreDisplayMode: string }]>) {
    if (report.categories.accessibility.auditRefs.some((r: { id: string }) => r.id === id) && audit.score === 0) console.log(`   accessibility: ${id}`);
  }
  if (perf < 90 || access < 95 || lcp >= 2500) over = true;
}
if (over) process.exitCode = 1;
