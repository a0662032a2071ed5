import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Actor } from './actors.ts';
import type { World } from './world.ts';

/**
 * The authorization matrix (issue 7): for every API route, what each kind of caller gets, on their
 * own objects, on another user's of their business, and on another business's. docs/security.md is
 * printed from this table, and authz.test.ts checks every cell against the running server.
 */
export interface Row {
  route: string;
  case: string;
  expect: Record<Actor, number>;
  request(w: World, actor: Actor): Promise<InjectOptions> | InjectOptions;
  /** Beyond the status: what a 200 must (not) contain. Returns a problem, or null. */
  check?(w: World, actor: Actor, res: LightMyRequestResponse): string | null;
}

