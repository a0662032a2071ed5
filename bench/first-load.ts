// First-load JavaScript of pages, as a browser downloads it (compressed bytes on the wire): every script
// requested until the network has been idle for 500 ms, on a fresh browser context (nothing cached, no
// service worker yet: it registers 5 s after the load event), at a desktop window (1280 x 720) and at a
// phone's (412 x 823, touch), since some parts of a page are drawn on one and not the other.
//   npm run build && npm start   (in another shell), then:
//   npx tsx bench/first-load.ts http://localhost:3000            # the five page types of issue 41
//   npx tsx bench/first-load.ts http://localhost:3000 /home /cart  # any pages
// Budget (issue 41): at most 110 KB gzip on each of the five page types, at both widths (issue 2: /home 150 KB).
import { chromium } from '@playwright/test';

const BUDGET_KB = 110;
/** Issue 41's five page types: the storefront home, a listing, the marketplace home and both product pages. */
const FIVE = ['/home', '/categories', '/bmpl', '/productDetails?id=1', '/bmpl/category/pulses-daal/daal-mash/productdetail/guard-premium-daal-mash-5-kg'];
const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 720 } } },
  { name: 'phone', options: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } },
];
const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const over: string[] = [];
const summary: string[] = [];
for (const path of paths.length ? paths : FIVE) {
  const line: string[] = [];
  for (const { name, options } of VIEWPORTS) {
    const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
    const page = await context.newPage();
    const scripts: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseBodySize })));
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const all = await Promise.all(scripts);
    const kb = all.reduce((n, s) => n + s.bytes, 0) / 1024;
    if (FIVE.includes(path) && kb > BUDGET_KB) over.push(`${path} (${name}, ${kb.toFixed(1)} KB)`);
    console.log(`${path} [${name}]: ${all.length} scripts, ${kb.toFixed(1)} KB gzip on the wire`);
    for (const s of all.sort((a, b) => b.bytes - a.bytes)) console.log(`   ${(s.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}`);
    line.push(`${name} ${kb.toFixed(1)} KB (${all.length} scripts)`);
    await context.close();
  }
  summary.push(`${path}: ${line.join(', ')}`);
}
await browser.close();
console.log(`\n${summary.join('\n')}`);
if (over.length) {
  console.error(`over the budget of ${BUDGET_KB} KB: ${over.join(', ')}`);
  process.exit(1);
}
