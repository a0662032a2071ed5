// Screenshots of back-office pages as a demo staff person, at 1280 and 1920 px:
//   node e2e/tools/staff-shot.mjs http://127.0.0.1:3000 finance@staff.demo.pk /staff /staff/finance/aging   (PNGs into /tmp/shots)
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { generate } from 'otplib';

const [base, email, ...paths] = process.argv.slice(2);
const out = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
await page.goto(`${base}/staff`);
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password').fill('Demo@12345');
await page.getByRole('button', { name: 'Sign in' }).click();
// Demo staff with the second factor on are asked for the code; the others land at once.
const code = page.getByLabel('Authentication code');
await code.or(page.getByRole('navigation', { name: 'Back office' })).first().waitFor();
if (await code.isVisible()) {
  await code.fill(await generate({ secret: 'DEMOSTAFFTOTPSECRETFORTHEREADME2' }));
  await page.getByRole('button', { name: 'Verify' }).click();
}
await page.getByRole('navigation', { name: 'Back office' }).waitFor();
for (const width of [1280, 1920]) {
  await page.setViewportSize({ width, height: width === 1920 ? 1080 : 900 });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.SHOT_WAIT ?? 500));
    const name = `${path.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL === '1' });
    console.log(`${out}/${name}`);
  }
}
await browser.close();
