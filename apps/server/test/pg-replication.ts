// A PostgreSQL primary and a streaming-replication standby of our own, in temporary folders, for
// apps/server/test/read-replica.test.ts. The machine's own cluster is never touched: its pg_hba.conf
// allows no replication and is not ours to edit, so both clusters are made here from PostgreSQL's
// server binaries (initdb, pg_ctl, pg_basebackup) and removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const BINARIES = ['initdb', 'pg_ctl', 'pg_basebackup'];
const isRoot = process.getuid?.() === 0;

/** Why a replicated pair cannot be made on this machine, or null. */
export function replicationUnavailable(): string | null {
  const missing = BINARIES.filter((b) => !existsSync(join(PG_BIN, b)));
  if (missing.length > 0) return `PostgreSQL's server binaries are missing (${missing.map((b) => join(PG_BIN, b)).join(', ')}; set PG_BIN)`;
  // initdb refuses to run as root: as root, the clusters belong to the postgres user.
  if (isRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root and there is no postgres user to own the clusters';
  if (isRoot && spawnSync('sh', ['-c', 'command -v runuser']).status !== 0) return 'running as root without runuser';
  return null;
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function run(binary: string, args: string[], timeoutMs = 60_000): string {
  const command = join(PG_BIN, binary);
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${binary} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Cluster {
  dir: string;
  port: number;
  /** postgres:// URL of database `name` on this cluster. */
  url(name?: string): string;
  start(): void;
  stop(): void;
}

export interface ReplicatedPair {
  primary: Cluster;
  replica: Cluster;
  /** Stops both clusters and removes their folders (safe to call twice, and after a failed start). */
  destroy(): void;
}

function cluster(dir: string, port: number): Cluster {
  let running = false;
  return {
    dir,
    port,
    url: (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`,
    start() {
      run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    stop() {
      if (!running && !existsSync(join(dir, 'data', 'postmaster.pid'))) return;
      // Immediate: nothing here needs a clean shutdown, and the folders are removed next.
      spawnSync(isRoot ? 'runuser' : join(PG_BIN, 'pg_ctl'), [...(isRoot ? ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl')] : []), '-D', join(dir, 'data'), '-m', 'immediate', '-w', '-t', '30', 'stop'], {
        stdio: 'ignore',
        timeout: 40_000,
      });
      running = false;
    },
  };
}

/**
 * A primary on a free port with `host replication all 127.0.0.1/32 trust`, and a hot standby made by
 * pg_basebackup -R (streaming from it) on another, both started. Only 127.0.0.1 listens; the sockets
 * are in the clusters' own folders.
 */
export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const made: Cluster[] = [];
  const folders: string[] = [];
  const destroy = () => {
    for (const c of made.reverse()) c.stop();
    made.length = 0;
    for (const f of folders) rmSync(f, { recursive: true, force: true });
    folders.length = 0;
  };
  // A worker that dies without afterAll must not leave two PostgreSQL servers behind.
  process.once('exit', destroy);
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-replica-test-'));
    folders.push(dir);
    // The postgres user must own it (and reach it: mkdtemp makes it 0700, owned by us).
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    return dir;
  };
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const primary = cluster(folder(), primaryPort);
    run('initdb', ['-D', join(primary.dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const settings = (dir: string, port: number) =>
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        // A test cluster: nothing to survive a power cut; small, since the machine is shared.
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'shared_buffers = 16MB',
        'max_connections = 40',
        '',
      ].join('\n');
    appendFileSync(join(primary.dir, 'data', 'postgresql.conf'), `\n${settings(primary.dir, primaryPort)}`);
    appendFileSync(join(primary.dir, 'data', 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    made.push(primary);
    primary.start();

    const replica = cluster(folder(), replicaPort);
    // -R writes standby.signal and primary_conninfo: the copy starts as a standby streaming from the primary.
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', join(replica.dir, 'data'), '-R', '-X', 'stream', '--no-sync']);
    appendFileSync(join(replica.dir, 'data', 'postgresql.conf'), `\n${settings(replica.dir, replicaPort)}`);
    made.push(replica);
    replica.start();
    return { primary, replica, destroy };
  } catch (err) {
    destroy();
    throw err;
  }
}
