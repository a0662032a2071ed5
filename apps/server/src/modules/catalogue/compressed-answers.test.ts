import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takenIn } from '../../../test/taken-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 14: a kept catalogue answer is compressed once and then sent as the same bytes (not compressed
// per request); what a client decodes is the very answer an uncompressed request gets.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ nodeEnv: 'production', demo: true });
});
afterAll(async () => t?.close());

const url = '/api/custom_route/get_products_by_categories?order=viewed_count__DESC&offset=0&limit=40';
const get = (encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('kept catalogue answers, compressed once', () => {
  it('sends br and gzip of the same answer, with Vary, decoding to the uncompressed one', async () => {
    // The copies load at start and follow the seed through the change counters: asked once loaded and
    // once they have read the counters after the seed (counted, not a span of time a loaded machine can miss).
    for (let i = 0; i < 600 && !t.app.copies.every((c) => c.loaded); i++) await new Promise((r) => setTimeout(r, 100));
    expect(t.app.copies.every((c) => c.loaded)).toBe(true);
    await takenIn(t.database.db, 'the seed');
    let plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Kept from the second ask (the cache's doorkeeper); from then on the kept bytes are sent. The
    // copies may still take in the seed's last changes (a new generation empties the cache): the pair
    // is read again until the uncompressed answer is the same before and after it.
    let br1 = await get('br');
    let br2 = br1;
    for (let i = 0; i < 20; i++) {
      await get('br');
      br1 = await get('gzip, deflate, br');
      br2 = await get('br');
      const after = await get();
      if (after.body === plain.body) break;
      plain = after;
    }
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br1.headers.vary).toContain('accept-encoding');
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    expect(brotliDecompressSync(br1.rawPayload).toString()).toBe(plain.body);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body).data.products.length).toBeGreaterThan(0);
  });
});
