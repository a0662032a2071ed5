/**
 * The running shop's control socket (embedded database only): a Unix socket in DATA_DIR, so only who may
 * read the shop's data folder may use it, and nothing of it is on the network. `npm run backup` asks the
 * running server through it, because only the process that has the embedded database open may read it
 * consistently (a second process opening the same folder would corrupt it).
 */
import { existsSync, rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { join } from 'node:path';

export const controlSocketOf = (dataDir: string) => join(dataDir, 'control.sock');

export type ControlHandler = (body: Record<string, unknown>) => Promise<unknown>;

/** Listens on DATA_DIR/control.sock; answers POST /<name> with the handler's result as JSON. */
export async function startControlSocket(dataDir: string, handlers: Record<string, ControlHandler>): Promise<() => Promise<void>> {
  const path = controlSocketOf(dataDir);
  // A socket file left by a process that did not shut down cleanly.
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer((req, res) => {
    const handler = req.method === 'POST' ? handlers[(req.url ?? '').replace(/^\//, '')] : undefined;
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (!handler) return answer(404, { error: 'Unknown control command.' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      raw += d;
      if (raw.length > 10_000) req.destroy();
    });
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return answer(400, { error: 'The command body is not JSON.' });
      }
      handler(body).then(
        (data) => answer(200, { data }),
        (err: unknown) => answer(500, { error: err instanceof Error ? err.message : String(err) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

/** Sends a command to the shop running on `dataDir`; null when none is running there. */
export function sendControl(dataDir: string, name: string, body: Record<string, unknown>): Promise<{ status: number; json: { data?: unknown; error?: string } } | null> {
  const path = controlSocketOf(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: path, path: `/${name}`, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (raw += d));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(raw) });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file with nobody listening: the shop stopped without removing it.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify(body));
  });
}
