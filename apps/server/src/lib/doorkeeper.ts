/**
 * Admission for a cache: a key is let in from the second time it is offered. Keys offered once are
 * only remembered, in a set cleared when it reaches `limit`. Most URLs are asked only once (a price
 * range dragged, a page deep in a list); keeping their answers would push out the pages asked again
 * and again and keep the garbage collector busy with answers nobody asks for.
 */
export function createDoorkeeper(limit: number) {
  const seen = new Set<string>();
  return {
    /** Whether `key` was offered before (and remembers it if not). */
    admit(key: string): boolean {
      if (seen.has(key)) return true;
      if (seen.size >= limit) seen.clear();
      seen.add(key);
      return false;
    },
  };
}
