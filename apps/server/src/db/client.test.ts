import { describe, expect, it } from 'vitest';
import { isReplicaUnavailable } from './client.ts';

// docs/decisions/018-read-replica.md: only a replica that cannot answer sends a read to the primary;
// a wrong statement fails as it would anywhere (retrying it on the primary would hide the fault).
describe('which errors of the read replica send a read to the primary', () => {
  const error = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

  it('the replica unreachable, shutting down, starting, or cancelling a read for replay', () => {
    for (const e of [
      error('connect ECONNREFUSED 10.0.0.12:5432', 'ECONNREFUSED'),
      error('read ECONNRESET', 'ECONNRESET'),
      error('Connection terminated unexpectedly'),
      error('timeout exceeded when trying to connect'),
      error('terminating connection due to administrator command', '57P01'),
      error('the database system is starting up', '57P03'),
      error('connection failure', '08006'),
      error('canceling statement due to conflict with recovery', '40001'),
      Object.assign(new AggregateError([error('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), error('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]), {}),
    ]) {
      expect(isReplicaUnavailable(e), e.message).toBe(true);
    }
  });

  it('not a wrong statement, a missing table, a refused write or a timeout of our own', () => {
    for (const e of [
      error('syntax error at or near "selec"', '42601'),
      error('relation "nothing" does not exist', '42P01'),
      error('cannot execute UPDATE in a read-only transaction', '25006'),
      error('canceling statement due to statement timeout', '57014'),
      error('invalid input syntax for type integer', '22P02'),
    ]) {
      expect(isReplicaUnavailable(e), e.message).toBe(false);
    }
    expect(isReplicaUnavailable(null)).toBe(false);
    expect(isReplicaUnavailable('text')).toBe(false);
  });
});
