import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, makePlaces, PNG_BYTES, register, registration } from '../../test/accounts.ts';
import { body, createTestApp, type TestApp } from '../../test/test-app.ts';
import { copyFiles, type FileStore, localFileStore, s3FileStore } from './file-store.ts';

// Issue 20: uploads through one interface, on disk or in an S3-compatible store: here a real local
// S3 server (s3rver) started by the test on a free port, not a stand-in of ours.
const dir = mkdtempSync(join(tmpdir(), 'shop-s3-'));
let s3: S3rver;
let endpoint: string;
const bucket = 'shop-documents';
const s3Store = (prefix: string) =>
  s3FileStore({ bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: bucket }] });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

async function roundTrip(store: FileStore) {
  expect(await store.get('missing.png')).toBeNull();
  expect(await store.has('missing.png')).toBe(false);
  await store.put('a.png', PNG_BYTES, 'image/png');
  await store.put('b.png', Buffer.from('second'), 'image/png');
  expect((await store.get('a.png'))?.equals(PNG_BYTES)).toBe(true);
  expect(await store.has('a.png')).toBe(true);
  // Never overwritten (names are random; S3 is asked with If-None-Match, which s3rver does not implement).
  if (store.kind === 'local') await expect(store.put('a.png', Buffer.from('over'), 'image/png')).rejects.toThrow();
  const names: string[] = [];
  for await (const n of store.list()) names.push(n);
  expect(names.sort()).toEqual(['a.png', 'b.png']);
  await store.delete('b.png');
  expect(await store.get('b.png')).toBeNull();
}

describe('file stores', () => {
  it('the data folder: write, read, list, delete; private to the server', async () => {
    const local = localFileStore(join(dir, 'local-uploads'));
    await roundTrip(local);
    expect(statSync(join(dir, 'local-uploads')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'local-uploads', 'a.png')).mode & 0o777).toBe(0o600);
  });

  it('an S3-compatible store: the same, under its key prefix', async () => {
    await roundTrip(await s3Store('roundtrip/'));
  });

  it('copies the files on disk to S3, and a second run copies only what is new', async () => {
    const local = localFileStore(join(dir, 'to-copy'));
    await local.put('one.png', PNG_BYTES, 'image/png');
    await local.put('two.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const target = await s3Store('copied/');
    const typeOf = (n: string) => (n.endsWith('.png') ? 'image/png' : 'image/jpeg');
    expect(await copyFiles(local, target, typeOf)).toEqual({ copied: 2, present: 0 });
    expect((await target.get('one.png'))?.equals(PNG_BYTES)).toBe(true);
    await local.put('three.png', PNG_BYTES, 'image/png');
    expect(await copyFiles(local, target, typeOf)).toEqual({ copied: 1, present: 2 });
    const res = await target.client.send(new (await import('@aws-sdk/client-s3')).HeadObjectCommand({ Bucket: bucket, Key: 'copied/two.jpg' }));
    expect(res.ContentType).toBe('image/jpeg');
  });
});

describe('registration documents in S3', () => {
  let t: TestApp;
  const store = () => s3Store('app/');
  beforeAll(async () => {
    t = await createTestApp({ files: await store() });
    await makePlaces(t.database.db);
  });
  afterAll(() => t.close());

  it('are written to the bucket, not the disk, and served to their business only', async () => {
    const res = await register(t.app, registration({}, { cnic_image: dataUrl(PNG_BYTES), cnic_back_image: '', ntn_certificate_image: '', invoice_image: '', business_card_image: '' }));
    expect(res.statusCode, res.body).toBe(200);
    const { token } = body<{ data: { token: string } }>(res).data;
    const auth = { authorization: `Bearer ${token}` };
    const [doc] = body<{ data: { id: number }[] }>(await t.app.inject({ method: 'GET', url: '/api/uploads', headers: auth })).data;
    const names: string[] = [];
    for await (const n of (await store()).list()) names.push(n);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(() => readdirSync(join(t.dataDir, 'uploads'))).toThrow(); // nothing on disk

    const file = await t.app.inject({ method: 'GET', url: `/api/uploads/${doc?.id}`, headers: auth });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    const stranger = body<{ data: { token: string } }>(await register(t.app, registration())).data.token;
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${doc?.id}`, headers: { authorization: `Bearer ${stranger}` } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${doc?.id}` })).statusCode).toBe(401);
  });
});
