// Issue 35, "Done when": a wholesaler's day one on an empty PostgreSQL database (SEED=none), through the
// product alone. Its own server (not the suite's demo one): a fresh database, a .env naming it, the first
// Admin made by `npm run staff:create` through that .env, then real clicks. Runs where PostgreSQL
// answers (GOLIVE_ADMIN_URL, else TEST_DATABASE_URL as .ci/run sets it, else the local server) and
// skips itself where none does. Steps not written yet are test.fixme (named there).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { CATALOGUE_CSV_COLUMNS } from '@shop/domain/catalogue-admin';
import { generate } from 'otplib';
import pg from 'pg';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.E2E_PORT ?? 3100) + 35;
const base = `http://127.0.0.1:${port}`;
const adminUrl = process.env.GOLIVE_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `golive_e2e_${randomBytes(4).toString('hex')}`;
const PASSWORD = 'Karachi@Wholesale77';

let dir = '';
let envFile = '';
let server: ChildProcess | null = null;
let reachable = true;

async function admin<T>(f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/** The environment of an operator's shell: nothing of the suite's own database, and ENV_FILE naming our .env. */
function operatorEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _suite, TEST_DATABASE_URL: _tests, ...rest } = process.env;
  return { ...rest, ENV_FILE: envFile, NODE_ENV: 'production' };
}

/** An operator command as the docs give it (`npm run …` is `node scripts/with-env.mjs …`), reading our .env. */
function operator(script: string, args: string[]): string {
  return execFileSync(process.execPath, ['scripts/with-env.mjs', script, ...args], { cwd: root, env: operatorEnv(), encoding: 'utf8' });
}

// Each test is several people's work through several screens: more than the suite's 30 s on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(({ isMobile }) => isMobile, 'the back office is a desktop screen; the day is walked once');

test.beforeAll(async () => {
  test.setTimeout(600_000);
  try {
    await admin((c) => c.query(`create database ${dbName}`));
  } catch {
    reachable = false;
    return;
  }
  dir = mkdtempSync(join(tmpdir(), 'shop-golive-'));
  envFile = join(dir, '.env');
  const target = new URL(adminUrl);
  target.pathname = `/${dbName}`;
  writeFileSync(
    envFile,
    [
      `DATABASE_URL=${target}`,
      `JWT_SECRET=${randomBytes(36).toString('base64')}`,
      'MAIL_OUTBOX=1',
      'SEED=none',
      `PORT=${port}`,
      'HOST=127.0.0.1',
      `PUBLIC_URL=${base}`,
      `DATA_DIR=${join(dir, 'data')}`,
      'LOG_LEVEL=warn',
      '',
    ].join('\n'),
  );
  operator('apps/server/src/cli/migrate.ts', []);
  // The server as `npm start` runs it (its built file, made by the suite's own server start).
  const builder = '../scripts/server-build.mjs';
  const { ensureServerBuild, serverBuild } = await import(builder);
  await ensureServerBuild();
  server = spawn(process.execPath, ['scripts/with-env.mjs', serverBuild], { cwd: root, stdio: 'inherit', env: operatorEnv() });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the go-live server did not become ready');
});

test.afterAll(async () => {
  // The server first (its listeners hold connections), then its database.
  const running = server;
  if (running && running.exitCode === null) {
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  }
  if (reachable && !process.env.GOLIVE_KEEP) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(() => test.skip(!reachable, `no PostgreSQL answers at ${adminUrl}`));

const links = new Map<string, string>();
const secrets = new Map<string, string>();
const lastStep = new Map<string, number>();

/** A code as the person's app shows it, of a time step the server has not taken from them yet (each is taken once). */
async function freshCode(email: string): Promise<string> {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (lastStep.get(email) ?? -1) + 1);
  // The server accepts one step of drift: wait rather than run further ahead.
  if (step > now + 1) await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - Date.now() + 500));
  lastStep.set(email, step);
  return generate({ secret: secrets.get(email) as string, epoch: step * 30 });
}

/** Chooses the password through a setup link, and enrols the second factor when the role needs it (the key the page shows, as an authenticator app reads it). */
async function setUp(page: Page, link: string, email: string) {
  await page.goto(link);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up two-factor sign-in' });
  const welcome = page.getByRole('heading', { name: /^Welcome, / });
  await expect(enrol.or(welcome)).toBeVisible();
  if (await enrol.isVisible()) {
    const key = ((await page.getByText('Cannot scan? Type this key:').locator('code').textContent()) ?? '').trim();
    secrets.set(email, key);
    await page.getByLabel('Code from the app').fill(await freshCode(email));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  }
  await expect(welcome).toBeVisible();
}

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/staff/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (secrets.has(email)) {
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(await freshCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

const checklist = (page: Page) => page.getByRole('region', { name: 'Go live checklist' });
const item = (page: Page, title: string, state: 'done' | 'to do') => checklist(page).getByRole('listitem', { name: `${title}: ${state}` });

test('the empty shop tells buyers it is being set up, and nothing of the demo', async ({ page }) => {
  await page.goto(`${base}/home`);
  await expect(page.getByText('This shop is being set up. Products will appear here once they are added.')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Notice' })).toHaveText('This shop is being set up: ordering opens once its products are added.');
  await expect(page.getByText('Business types will appear here once the shop has added them.')).toBeVisible();
  await expect(page.getByText(/thousands of products|closing soon/i)).toHaveCount(0);
});

test('the first Admin, made by staff:create through .env, signs in with a second factor and finds the checklist unticked', async ({ page }) => {
  const out = operator('apps/server/src/cli/staff.ts', ['--email', 'owner@golive.pk', '--role', 'Admin', '--name', 'Sana Owner']);
  const link = out.match(/https?:\/\/\S+\/staff\/setup\?token=\S+/)?.[0];
  expect(link, out).toContain(`${base}/staff/setup?token=`);
  await setUp(page, link as string, 'owner@golive.pk');
  await expect(checklist(page)).toContainText('7 of 7 still to do before buyers can register and order.');
  for (const title of ['A city with areas', 'A business type', 'Categories', 'Products with prices', 'Staff for the order desk and finance', 'Mail configured', 'A ticker message']) {
    await expect(item(page, title, 'to do')).toBeVisible();
  }
  await expect(item(page, 'Mail configured', 'to do')).toContainText('MAIL_OUTBOX=1');
  // The start page at the two desk widths: the checklist fits without a sideways scroll (pictures kept with the run's results).
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(checklist(page)).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`admin-start-${width}.png`), fullPage: true });
  }
});

test('the Admin adds a desk clerk, a finance clerk and a catalogue clerk, and each sets up their account', async ({ page, browser }) => {
  await signIn(page, 'owner@golive.pk');
  const people = [
    { name: 'Danish Desk', email: 'desk@golive.pk', role: 'Order desk' },
    { name: 'Farah Finance', email: 'finance@golive.pk', role: 'Finance' },
    { name: 'Kamil Catalogue', email: 'catalogue@golive.pk', role: 'Catalogue' },
  ];
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff accounts' }).click();
  for (const p of people) {
    await page.getByLabel('Full name').fill(p.name);
    await page.getByLabel('Work email').fill(p.email);
    for (const role of ['Admin', 'Order desk', 'Finance', 'Catalogue']) await page.getByRole('checkbox', { name: role }).setChecked(role === p.role);
    await page.getByRole('button', { name: 'Add person' }).click();
    const status = page.getByRole('status').filter({ hasText: `One-time link for ${p.email}` });
    await expect(status).toContainText('/staff/setup?token=');
    links.set(p.email, ((await status.textContent()) ?? '').match(/https?:\/\/\S+\/staff\/setup\?token=[\w-]+/)?.[0] ?? '');
  }
  // Each opens their own link in their own browser.
  for (const p of people) {
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await setUp(theirs, links.get(p.email) as string, p.email);
    await context.close();
  }
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Start' }).click();
  await expect(async () => {
    await page.reload();
    await expect(item(page, 'Staff for the order desk and finance', 'done')).toContainText('Order desk: 1 person; Finance: 1 person.', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('the Admin creates a city with areas by CSV', async ({ page }) => {
  await signIn(page, 'owner@golive.pk');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Cities and areas' }).click();
  await page.getByRole('button', { name: 'Add a city' }).click();
  await page.getByLabel('City name').fill('Lahore');
  await page.getByLabel('Cut-off time').fill('17:00');
  await page.getByRole('button', { name: 'Add city' }).click();
  await expect(page.getByRole('status')).toHaveText('Lahore saved.');
  await page.getByRole('link', { name: 'Import areas (CSV)' }).click();
  const file = 'city,area,store_id\nLahore,Gulberg,101\nLahore,Model Town,102\nLahore,Johar Town,103\n';
  await page.getByLabel('CSV file').setInputFiles({ name: 'lahore-areas.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status')).toHaveText('3 rows: 3 new, 0 changed, 0 unchanged, 0 with errors.');
  await page.getByRole('button', { name: 'Apply 3 changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Applied: 3 new areas, 0 areas changed.');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Start' }).click();
  await expect(async () => {
    await page.reload();
    await expect(item(page, 'A city with areas', 'done')).toContainText('1 city with areas, of 1 city.', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

const png = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

test('the catalogue clerk adds a business type with an uploaded picture', async ({ page }) => {
  await signIn(page, 'catalogue@golive.pk');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Business types' }).click();
  await page.getByRole('button', { name: 'Add a business type' }).click();
  const form = page.getByRole('form', { name: 'New business type' });
  await form.getByLabel('Picture').setInputFiles({ name: 'hotels.png', mimeType: 'image/png', buffer: await png(800, 400, '#0f766e') });
  await expect(form.getByRole('img', { name: 'Preview of the picture' })).toHaveAttribute('src', /^\/api\/images\/t-/);
  await form.getByLabel('Name').fill('Hotels');
  await form.getByRole('button', { name: 'Add business type' }).click();
  await expect(page.getByRole('table', { name: 'Business types' }).getByRole('row').filter({ hasText: 'Hotels' })).toContainText('Shown');
});

test('the catalogue clerk adds categories', async ({ page }) => {
  await signIn(page, 'catalogue@golive.pk');
  await page.goto(`${base}/staff/catalogue/categories`);
  for (const name of ['Food', 'Non Food']) {
    await page.getByLabel('New category').fill(name);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  }
});

test('the catalogue clerk adds a brand and imports products from a CSV', async ({ page }) => {
  await signIn(page, 'catalogue@golive.pk');
  await page.goto(`${base}/staff/catalogue/categories`);
  await page.getByLabel('New brand').fill('Golive Foods');
  await page.getByRole('button', { name: 'Add brand' }).click();
  await expect(page.getByRole('table', { name: 'Brands' })).toContainText('Golive Foods');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'CSV import and export' }).click();
  const file = [CATALOGUE_CSV_COLUMNS.join(','), 'GL-RICE-5,Golive Basmati Rice 5 kg,Golive Foods,Food,,1450,,0,100,yes', 'GL-OIL-1,Golive Cooking Oil 1 L,Golive Foods,Food,,620,,0,80,yes'].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'first-products.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('status')).toContainText('2 new');
  await page.getByRole('button', { name: 'Apply 2 changes' }).click();
  await expect(page.getByText(/Applied as import \d+: 2 new/)).toBeVisible();
  // The storefront stops saying it is being set up.
  await expect(async () => {
    await page.goto(`${base}/home`);
    await expect(page.getByText('Order at wholesale prices for shops, hotels, restaurants and offices.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test.fixme('the catalogue clerk sets a city price', async () => {
  // Not written yet: the prices screen (/staff/prices) and the city now exist.
});

test('the catalogue clerk publishes a ticker message, which buyers see', async ({ page }) => {
  await signIn(page, 'catalogue@golive.pk');
  await page.goto(`${base}/staff/content/ticker`);
  const form = page.getByRole('form', { name: 'Add a ticker message' });
  await form.getByLabel('Message').fill('Orders placed by 6 pm are delivered the next working day.');
  await form.getByRole('button', { name: 'Add message' }).click();
  await expect(page.getByRole('table', { name: 'Ticker messages' })).toContainText('Orders placed by 6 pm');
  await page.goto(`${base}/home`);
  await expect(page.getByRole('status', { name: 'Notice' })).toHaveText('Orders placed by 6 pm are delivered the next working day.');
});

test('the catalogue clerk publishes a storefront home banner with an uploaded image', async ({ page }) => {
  await signIn(page, 'catalogue@golive.pk');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Banners' }).click();
  const form = page.getByRole('form', { name: 'Add a banner' });
  await form.getByLabel('Banner image').setInputFiles({ name: 'opening.png', mimeType: 'image/png', buffer: await png(1600, 420, '#1d4ed8') });
  await expect(form.getByRole('img', { name: 'Preview of the banner image' })).toBeVisible();
  await form.getByLabel('Place').selectOption({ label: 'Storefront home' });
  await form.getByLabel('Title (read aloud)').fill('We are open');
  await form.getByRole('button', { name: 'Add banner' }).click();
  await expect(form.getByRole('status')).toContainText('Banner added');
});

test.fixme('a buyer registers with documents, Finance verifies on Credit, the buyer orders, the desk delivers, Finance records the receipt, Outstandings read zero', async () => {
  // Not written yet: every screen it needs exists now (sign-up with documents, Business verification,
  // the order queue, Business ledgers, Outstandings).
});

test('the Admin sees what is ticked so far', async ({ page }) => {
  await signIn(page, 'owner@golive.pk');
  await expect(item(page, 'Categories', 'done')).toBeVisible();
  await expect(item(page, 'A ticker message', 'done')).toBeVisible();
  await expect(item(page, 'Staff for the order desk and finance', 'done')).toBeVisible();
  await expect(item(page, 'A business type', 'done')).toBeVisible();
  await expect(item(page, 'Products with prices', 'done')).toContainText('2 products listed with a price, of 2 active products.');
  await expect(item(page, 'A storefront home banner', 'done')).toBeVisible();
  await expect(item(page, 'A city with areas', 'done')).toBeVisible();
  // Mail stays in the outbox on this install (MAIL_OUTBOX=1): the one item left.
  await expect(item(page, 'Mail configured', 'to do')).toBeVisible();
  await expect(checklist(page)).toContainText('1 of 7 still to do before buyers can register and order.');
});
