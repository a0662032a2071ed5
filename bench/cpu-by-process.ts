// CPU seconds per kind of process while a command runs (decision 025): every process's user and system
// time read from /proc once a second, the time it had when first seen subtracted, summed by kind.
//   npx tsx bench/cpu-by-process.ts npm test -- e2e
// A process that exits between two readings loses its last second; processes whose command line is gone
// (exited, not yet reaped) count as "exited". The sampler itself takes a few seconds of CPU per run.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) throw new Error('usage: npx tsx bench/cpu-by-process.ts <command> [args...]');
const ticksPerSecond = 100;
const first = new Map<string, number>();
const last = new Map<string, { kind: string; ticks: number }>();

function kindOf(line: string): string {
  if (!line) return 'exited';
  if (/chrom/.test(line)) {
    const type = /--type=([a-z-]+)/.exec(line)?.[1] ?? 'browser';
    return `chromium ${type}`;
  }
  if (/main\.(mjs|ts)|serve\.mjs/.test(line)) return 'shop server';
  if (/playwright/.test(line)) return 'playwright';
  if (/vitest/.test(line)) return 'vitest';
  if (/postgres/.test(line)) return 'postgres';
  return `other: ${line.slice(0, 60)}`;
}

function sample(initial: boolean) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const key = `${pid}:${fields[19]}`; // pid and start time: a reused pid is another process
      if (initial) first.set(key, ticks);
      const seen = last.get(key);
      last.set(key, { kind: line ? kindOf(line) : (seen?.kind ?? 'exited'), ticks });
    } catch {
      // gone between the listing and the reading
    }
  }
}

sample(true);
const started = Date.now();
const timer = setInterval(() => sample(false), 1000);
const child = spawn(cmd, args, { stdio: 'inherit' });
child.on('close', (code) => {
  clearInterval(timer);
  sample(false);
  const sums = new Map<string, number>();
  for (const [key, { kind, ticks }] of last) sums.set(kind, (sums.get(kind) ?? 0) + (ticks - (first.get(key) ?? 0)) / ticksPerSecond);
  const rows = [...sums].filter(([, s]) => s >= 0.5).sort((a, b) => b[1] - a[1]);
  console.log(`\nCPU seconds by process kind over ${((Date.now() - started) / 1000).toFixed(0)} s (exit ${code}):`);
  for (const [kind, s] of rows) console.log(`${s.toFixed(1).padStart(8)}  ${kind}`);
  console.log(`${rows.reduce((a, [, s]) => a + s, 0).toFixed(1).padStart(8)}  in all`);
  process.exit(code ?? 1);
});
