import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { REGISTER_BODY_LIMIT } from '../src/modules/uploads/uploads.service.ts';

// Issue 14, point 8: the bodies body-bounds.test.ts sends to every write route (counting what is walked
// of them) and bench/hostile-bodies.ts sends too (timing the event loop's longest stall): small
// compressed bodies that inflate to megabytes, and plain bodies just under a size limit whose shape is hostile.

export interface Hostile {
  name: string;
  payload: Buffer;
  headers: Record<string, string>;
}

/** A JSON text of about `bytes` bytes made of `unit` repeated inside `open`…`close`. */
const sized = (bytes: number, open: string, unit: string, close: string) => `${open}${unit.repeat(Math.floor(bytes / unit.length))}0${close}`;

export function hostileBodies(): Hostile[] {
  const near = (limit: number) => limit - 4096;
  const plain = (name: string, text: string): Hostile => ({ name, payload: Buffer.from(text), headers: {} });
  const bodies: Hostile[] = [];
  for (const limit of [1024 * 1024, REGISTER_BODY_LIMIT]) {
    bodies.push(
      plain(`long array (${limit} bytes)`, sized(near(limit), '{"step":1,"ids":[', '0,', ']}')),
      plain(`long array of objects (${limit} bytes)`, sized(near(limit), '{"step":1,"order_details":[', '{},', ']}').replace(/0\]\}$/, '{}]}')),
      plain(`many keys (${limit} bytes)`, `{${Array.from({ length: Math.floor(near(limit) / 12) }, (_, i) => `"k${i}":0`).join(',')}}`),
      plain(`deep nesting (${limit} bytes)`, `{"step":1,"a":${'['.repeat(near(limit) / 2)}${']'.repeat(near(limit) / 2)}}`),
    );
  }
  const bomb = sized(48 * 1024 * 1024, '{"step":1,"ids":[', '0,', ']}');
  bodies.push(
    { name: 'gzip bomb (48 MB of a long array)', payload: gzipSync(bomb, { level: 9 }), headers: { 'content-encoding': 'gzip' } },
    { name: 'brotli bomb (48 MB of a long array)', payload: brotliCompressSync(bomb, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), headers: { 'content-encoding': 'br' } },
    { name: 'gzip of 900 KB (within the size limit, far beyond the ratio)', payload: gzipSync(sized(900 * 1024, '{"ids":[', '0,', ']}')), headers: { 'content-encoding': 'gzip' } },
  );
  return bodies;
}
