import { describe, expect, it } from 'vitest';
import { collectGarbage, collectGarbageSoon } from './collect-garbage.ts';

/** A weak reference to 40 MB no one else holds (made in its own function, so no local keeps it). */
function unreferenced(): WeakRef<object> {
  return new WeakRef(new Array(5_000_000).fill(0).map((_, i) => i));
}

// A WeakRef's target is kept until the job that made or read it has ended: collect in a later turn.
const turn = () => new Promise((r) => setTimeout(r, 0));

describe('collectGarbage', () => {
  it('frees what nothing references, without --expose-gc, and leaves no gc global behind', async () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    const ref = unreferenced();
    await turn();
    const ms = collectGarbage();
    await turn();
    expect(ref.deref()).toBeUndefined();
    expect(ms).toBeGreaterThanOrEqual(0);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it('collects once for loads that finish together', async () => {
    const pauses: number[] = [];
    const ref = unreferenced();
    await turn();
    collectGarbageSoon((ms) => pauses.push(ms));
    collectGarbageSoon((ms) => pauses.push(ms));
    await turn();
    await turn();
    expect(pauses).toHaveLength(1);
    expect(ref.deref()).toBeUndefined();
  });
});
