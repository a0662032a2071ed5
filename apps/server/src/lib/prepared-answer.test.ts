import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ownBytes, type PreparedAnswer, preparedAnswer, sendPreparedAnswer } from './prepared-answer.ts';

// One answer kept by a cache and sent to clients asking for br, gzip or neither (issue 17: a kept answer
// lets its JSON go once a compressed form is kept; every client still gets the same answer).
const data = { products: Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Guard Premium Daal Mash ${i + 1} kg`, price: `${1000 + i}.00` })) };
const expected = JSON.stringify({ data });
let kept: PreparedAnswer = preparedAnswer(data);
const app = Fastify();
app.get('/kept', (request, reply) => sendPreparedAnswer(request, reply, kept));
afterAll(() => app.close());

const get = (encoding?: string) => app.inject({ method: 'GET', url: '/kept', headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('a kept answer sent to every kind of client', () => {
  it('keeps the JSON while only clients without compression ask', async () => {
    kept = preparedAnswer(data);
    for (let i = 0; i < 2; i++) {
      const plain = await get();
      expect(plain.body).toBe(expected);
      expect(plain.headers['content-encoding']).toBeUndefined();
    }
    expect(kept.json?.toString()).toBe(expected);
    expect(kept.bytes).toBe(Buffer.byteLength(expected));
  });

  it('keeps only the compressed forms once one is made, and still answers every client the same', async () => {
    kept = preparedAnswer(data);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    // The JSON's bytes are let go; its length stays for the cache's count.
    expect(kept.json).toBeNull();
    expect(kept.bytes).toBe(Buffer.byteLength(expected));
    // gzip, made from the kept br once, then the same bytes; the JSON still not kept.
    const gz1 = await get('gzip');
    const gz2 = await get('gzip');
    expect(gz1.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz1.rawPayload).toString()).toBe(expected);
    expect(gz2.rawPayload.equals(gz1.rawPayload)).toBe(true);
    expect(kept.json).toBeNull();
    // br again: the same kept bytes.
    expect((await get('br')).rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('keeps the JSON again once a client without compression asks, however the next ones ask', async () => {
    kept = preparedAnswer(data);
    const br = await get('br');
    expect(kept.json).toBeNull();
    // The JSON, decompressed from the kept br, and kept from then on.
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);
    expect(kept.json?.toString()).toBe(expected);
    expect((await get('br')).rawPayload.equals(br.rawPayload)).toBe(true);
    expect(gunzipSync((await get('gzip')).rawPayload).toString()).toBe(expected);
    expect(kept.json?.toString()).toBe(expected);
    expect((await get()).body).toBe(expected);
  });

  it('answers from a kept gzip alone too', async () => {
    kept = preparedAnswer(data);
    await get('gzip');
    expect(kept.json).toBeNull();
    const br = await get('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    expect(kept.json).toBeNull();
    expect((await get()).body).toBe(expected);
  });

  it('never compresses an answer asked once or a small one, and keeps its JSON', async () => {
    kept = preparedAnswer(data, true);
    const once = await get('br');
    expect(once.headers['content-encoding']).toBeUndefined();
    expect(once.body).toBe(expected);
    expect(kept.json?.toString()).toBe(expected);
    kept = preparedAnswer({ n: 1 });
    expect((await get('br')).body).toBe('{"data":{"n":1}}');
    expect(kept.json?.toString()).toBe('{"data":{"n":1}}');
  });
});

describe('a kept answer holds memory of its own size', () => {
  // Each kept form in an ArrayBuffer of exactly its length: a view of zlib's 16 KB output chunk or of Node's
  // shared 8 KB pool would keep the whole of it alive for as long as the cache keeps the answer.
  const own = (bytes: Buffer | null | undefined) => {
    expect(bytes).toBeInstanceOf(Buffer);
    expect((bytes as Buffer).buffer.byteLength).toBe((bytes as Buffer).length);
  };

  it('keeps its JSON, br and gzip each in a buffer of its own length', async () => {
    kept = preparedAnswer(data);
    own(kept.json);
    await get('br');
    await get('gzip');
    own(kept.br);
    own(kept.gzip);
    // Made well under zlib's 16 KB chunk: the case that held a whole chunk.
    expect(kept.br?.length).toBeLessThan(4096);
    await get();
    own(kept.json);
    expect(kept.json?.toString()).toBe(expected);
  });

  it('keeps a short answer out of the shared pool', () => {
    kept = preparedAnswer({ n: 1 });
    own(kept.json);
    expect(kept.json?.toString()).toBe('{"data":{"n":1}}');
  });

  it('copies only what is a view of something larger', () => {
    const whole = Buffer.allocUnsafeSlow(10).fill(7);
    expect(ownBytes(whole)).toBe(whole);
    const view = Buffer.alloc(100).subarray(10, 20);
    const copy = ownBytes(view);
    expect(copy).not.toBe(view);
    expect(copy.equals(view)).toBe(true);
    expect(copy.buffer.byteLength).toBe(10);
  });
});
