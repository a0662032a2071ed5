// Lighthouse (12, mobile profile) on the marketplace home of a production build (issue 6: LCP under
// 2.5 s, performance score at least 90), with Debian's Chromium:
//   npx tsx bench/marketplace-lighthouse.ts http://127.0.0.1:3204/bmpl
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [url = 'http://127.0.0.1:3204/bmpl', runsText = '3'] = process.argv.slice(2);
const out = '/tmp/marketplace-lighthouse.json';
const results: Array<{ score: number; lcp: number; fcp: number; tbt: number; cls: number }> = [];
for (let i = 0; i < Number(runsText); i++) {
  const run = spawnSync(
    'npx',
    ['lighthouse', url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed (${run.status})`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const a = report.audits;
  results.push({
    score: Math.round(report.categories.performance.score * 100),
    lcp: a['largest-contentful-paint'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
  });
  const r = results.at(-1) as (typeof results)[number];
  console.log(`run ${i + 1}: performance ${r.score}, LCP ${(r.lcp / 1000).toFixed(2)} s, FCP ${(r.fcp / 1000).toFixed(2)} s, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}`);
}
const median = <T>(xs: T[], key: (x: T) => number) => xs.map(key).sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const score = median(results, (r) => r.score);
const lcp = median(results, (r) => r.lcp);
console.log(`median: performance ${score}, LCP ${(lcp / 1000).toFixed(2)} s (budget: >= 90 and < 2.5 s)`);
if (score < 90 || lcp >= 2500) process.exitCode = 1;
