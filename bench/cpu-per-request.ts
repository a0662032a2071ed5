// CPU time a server spends per request, for comparing two builds on a machine others share
// (issue 14's "within 5%"): requests per second swing with the machine's load, the CPU a server
// process burns for the same requests much less. For each server (found by the port it listens
// on), in alternating rounds: send N identical requests at 32 connections with autocannon, and read
// the process's user + system time from /proc/<pid>/stat before and after.
//   npx tsx bench/cpu-per-request.ts '/api/catalogue/search?search=basmti%20rce' 40000 3 3301 3302
// (path, requests per round, rounds, then the ports). Linux only (/proc, ss). CPU_COLD=1: no two requests alike (below).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

const [path = '/api/nothing-here', perRound = '40000', roundsText = '3', ...ports] = process.argv.slice(2);
if (ports.length === 0) throw new Error('usage: cpu-per-request.ts <path> <requests> <rounds> <port> [port ...]');
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

function pidOf(port: string): number {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  return Number(pid);
}
function cpuSeconds(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}
// CPU_COLD=1: every request a new URL (a counter in an ignored query name, `cold`), so none is answered
// from an answer cache; each server gets the same URLs in a round (the counter starts at the round's base).
const cold = process.env.CPU_COLD === '1';
let base = 0;
const run = (url: string, amount: number) =>
  new Promise<{ errors: number; non2xx: number }>((resolve, reject) => {
    let n = base;
    const sep = path.includes('?') ? '&' : '?';
    const requests = cold ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: `${path}${sep}cold=${n++}` }) }] : undefined;
    autocannon({ url, connections: 32, amount, requests }, (err: unknown, result: { errors: number; non2xx: number }) => (err ? reject(err) : resolve(result)));
  });

const servers = ports.map((port) => ({ port, pid: pidOf(port), url: `http://127.0.0.1:${port}${path}`, perRequest: [] as number[] }));
// Warm up: the answer is made (and kept by the caches) before anything is counted.
for (const s of servers) await run(s.url, 2000);
for (let round = 0; round < Number(roundsText); round++) {
  base = (round + 1) * 10_000_000;
  for (const s of servers) {
    const before = cpuSeconds(s.pid);
    const result = await run(s.url, Number(perRound));
    const spent = cpuSeconds(s.pid) - before;
    s.perRequest.push((spent * 1e6) / Number(perRound));
    if (result.errors) console.log(`port ${s.port}: ${result.errors} errors`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const first = median(servers[0]?.perRequest ?? []);
for (const s of servers) {
  const m = median(s.perRequest);
  console.log(
    `port ${s.port}: CPU per request median ${m.toFixed(1)} µs (rounds ${s.perRequest.map((x) => x.toFixed(1)).join(', ')})` +
      (s === servers[0] ? '' : `, ${(((m - first) / first) * 100).toFixed(1)}% against port ${servers[0]?.port}`),
  );
}
