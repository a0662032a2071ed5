// Main-thread work of a page load in CPU time, the view of it that other processes on the machine do
// not change (issue 15): Lighthouse's simulated TBT multiplies the wall-clock length of each task by 4,
// and on a shared machine a task's wall clock grows with everyone else's work. This reads a Chrome
// trace's thread time instead: the CPU spent before first contentful paint, after it, the longest task
// after it, and "4x TBT", the sum of max(0, 4 * cpu - 50 ms) over the tasks after it, as Lighthouse's 4x
// simulation would count them on an idle machine. A phone-sized window; a fresh context per page.
//   npx tsx bench/page-cpu.ts http://127.0.0.1:3221 /home /categories /bmpl "/productDetails?id=1" [runs]
import { chromium } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 1;
const [base = 'http://localhost:3000', ...paths] = args;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (let run = 1; run <= runs; run++) {
  for (const path of paths.length ? paths : ['/home']) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', 'blink.user_timing'] });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await context.close();
    const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) {
      console.log(`${path}: no first contentful paint in the trace`);
      continue;
    }
    const main = traceEvents.find((e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain');
    // The page's own request starts the clock (a renderer can carry navigation marks of an earlier blank page).
    const start = traceEvents.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === base + path)?.ts ?? fcp.ts;
    let before = 0;
    let after = 0;
    let longest = 0;
    let tbt = 0;
    for (const task of traceEvents) {
      if (task.name !== 'RunTask' || task.ph !== 'X' || task.pid !== fcp.pid || task.tid !== main?.tid || task.ts < start) continue;
      const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
      if (task.ts < fcp.ts) before += cpu;
      else {
        after += cpu;
        longest = Math.max(longest, cpu);
        tbt += Math.max(0, 4 * cpu - 50);
      }
    }
    console.log(
      `${path}: FCP ${((fcp.ts - start) / 1000).toFixed(0)} ms (wall) | CPU before FCP ${before.toFixed(0)} ms, after ${after.toFixed(0)} ms, longest task after ${longest.toFixed(0)} ms, 4x TBT ${tbt.toFixed(0)} ms`,
    );
  }
}
await browser.close();
