// Issue 19: how soon a staff change to the content (a ticker message, a banner for one city) shows on
// the storefront of a running server. Signs in as the demo Catalogue person, adds a Karachi ticker
// message, then asks GET /api/content/site?city=Karachi every 20 ms until the message is there; and
// ends it, then asks until it is gone. Budget: every change shows within 2 s.
// Run: start a production server (e.g. `PORT=3121 HOST=127.0.0.1 node e2e/serve.mjs`), then
//   npx tsx bench/content-freshness.ts http://127.0.0.1:3121 10
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const rounds = Number(process.argv[3] ?? 10);

async function signIn(): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/staff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'catalogue@staff.demo.pk', password: 'Demo@12345' }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { data } = (await res.json()) as { data: { csrfToken: string } };
  return { cookie, 'x-csrf-token': data.csrfToken, 'content-type': 'application/json' };
}

async function shown(text: string): Promise<boolean> {
  const res = await fetch(`${base}/api/content/site?city=Karachi`);
  const { data } = (await res.json()) as { data: { ticker: { text: string }[] } };
  return data.ticker.some((m) => m.text === text);
}

async function until(want: boolean, text: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    if ((await shown(text)) === want) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not ${want ? 'shown' : 'gone'} after 10 s`);
}

const headers = await signIn();
const appear: number[] = [];
const vanish: number[] = [];
for (let i = 0; i < rounds; i++) {
  const text = `Freshness probe ${Date.now()}-${i}`;
  const res = await fetch(`${base}/api/staff/content/ticker`, { method: 'POST', headers, body: JSON.stringify({ text, city: 'Karachi', sort_order: 9 }) });
  if (!res.ok) throw new Error(`add ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { id: number } };
  appear.push(await until(true, text));
  const end = await fetch(`${base}/api/staff/content/ticker/${data.id}/end`, { method: 'POST', headers: { cookie: headers.cookie as string, 'x-csrf-token': headers['x-csrf-token'] as string } });
  if (!end.ok) throw new Error(`end ${end.status}`);
  vanish.push(await until(false, text));
}
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median_ms: Math.round(s[Math.floor(s.length / 2)] as number), max_ms: Math.round(s.at(-1) as number) };
};
const result = { rounds, appear: summary(appear), vanish: summary(vanish), budget_ms: 2000 };
console.log(JSON.stringify(result));
if (result.appear.max_ms > 2000 || result.vanish.max_ms > 2000) process.exitCode = 1;
export {};
