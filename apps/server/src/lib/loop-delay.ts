import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Event-loop delay: how late a timer ran, so how long some piece of work held the loop. */
export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
  /** The figures cover at least this many seconds (the last full window and the current one). */
  windowSeconds: number;
}

export interface LoopDelayMonitor {
  read(): LoopDelay;
  stop(): void;
}

const RESOLUTION_MS = 10;
const WINDOW_MS = 60_000;

/**
 * Samples the event loop every 10 ms (perf_hooks) in windows of a minute. Node records the time
 * between samples, so the sampling interval is taken off to leave the delay itself.
 */
export function startLoopDelayMonitor(): LoopDelayMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const current = () => ({
    p99: histogram.count > 0 ? histogram.percentile(99) / 1e6 : RESOLUTION_MS,
    max: histogram.count > 0 ? histogram.max / 1e6 : RESOLUTION_MS,
  });
  let previous = { p99: 0, max: 0 };
  const roll = setInterval(() => {
    previous = current();
    histogram.reset();
  }, WINDOW_MS);
  roll.unref();
  const delay = (ms: number) => Math.max(0, Math.round((ms - RESOLUTION_MS) * 10) / 10);
  return {
    read() {
      const now = current();
      return { p99Ms: delay(Math.max(now.p99, previous.p99)), maxMs: delay(Math.max(now.max, previous.max)), windowSeconds: WINDOW_MS / 1000 };
    },
    stop() {
      clearInterval(roll);
      histogram.disable();
    },
  };
}
