import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The seeded data folder serve.mjs makes once per run (tools/demo-data.ts) and removes at its end.
 * A server of a spec starts on a copy of it instead of migrating and seeding again (under a loaded
 * machine that took minutes: docs/decisions/020-suite-time.md).
 */
export const demoFolder = (port = Number(process.env.E2E_PORT ?? 3100)) => join(tmpdir(), `shop-e2e-demo-${port}`);
