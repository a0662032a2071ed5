// First-load JavaScript of pages, as a browser downloads it (compressed bytes on the wire).
//   npm run build && npm start   (in another shell), then:
//   npx tsx bench/first-load.ts http://localhost:3000 /home /categories /bmpl
// Budget (issue 2): the home page's JavaScript for first load at most 150 KB gzip.
import { chromium } from '@playwright/test';

const BUDGET_KB = 150;
const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let over = false;
for (const path of paths.length ? paths : ['/home']) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  const page = await context.newPage();
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseBodySize })));
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const all = await Promise.all(scripts);
  const kb = all.reduce((n, s) => n + s.bytes, 0) / 1024;
  if (path === '/home' && kb > BUDGET_KB) over = true;
  console.log(`${path}: ${all.length} scripts, ${kb.toFixed(1)} KB gzip on the wire`);
  for (const s of all) console.log(`   ${(s.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}`);
  await context.close();
}
await browser.close();
if (over) {
  console.error(`/home is over its budget of ${BUDGET_KB} KB`);
  process.exit(1);
}
