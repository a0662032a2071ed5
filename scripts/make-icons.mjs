// Draws the web app's install icons (apps/web/public/icons/*.png) from the favicon's design with
// Debian's Chromium, so no image tool is needed. Run again after changing the design:
//   node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { chromium } = createRequire(join(root, 'e2e/package.json'))('@playwright/test');
const out = join(root, 'apps/web/public/icons');
mkdirSync(out, { recursive: true });

// The cart glyph on the brand blue. "any" icons have rounded corners; "maskable" ones fill the square
// and keep the glyph inside the middle 80 % (the safe zone launchers may crop to a circle).
const glyph = '<path d="M7 11h18l-2 11H9z" fill="#facc15"/><circle cx="12" cy="25" r="2" fill="#fff"/><circle cx="21" cy="25" r="2" fill="#fff"/>';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b3b8c"/>${glyph}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b3b8c"/><g transform="translate(4.8 3.2) scale(0.7)">${glyph}</g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.locator('svg').screenshot({ path: join(out, name), omitBackground: true });
  console.log(`${name} (${size} px)`);
}
await browser.close();
