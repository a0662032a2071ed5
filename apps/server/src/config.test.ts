import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configKeys, parseConfig } from './config.ts';

const root = new URL('../../../', import.meta.url).pathname;
const example = readFileSync(join(root, '.env.example'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The settings .env.example names, with the default it shows (the commented `# KEY=value` line). */
function exampleSettings(): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of example.split('\n')) {
    const m = /^#?\s?([A-Z][A-Z0-9_]+)=(.*)$/.exec(line);
    if (m?.[1]) found.set(m[1], m[2] ?? '');
  }
  return found;
}

describe('configuration', () => {
  it('.env.example and README list every setting the server reads', () => {
    const listed = exampleSettings();
    for (const key of configKeys) {
      expect(listed.has(key), `${key} in .env.example`).toBe(true);
      expect(readme, `${key} in README's configuration table`).toContain(`| \`${key}\` |`);
    }
    for (const key of listed.keys()) expect(configKeys, `${key} of .env.example is a setting`).toContain(key);
  });

  it('.env.example shows each default the server applies', () => {
    const defaults = parseConfig({});
    for (const [key, value] of exampleSettings()) {
      const applied = (defaults as Record<string, unknown>)[key];
      if (applied === undefined) expect(value, `${key} has no default`).toBe('');
      else expect(value, key).toBe(String(applied));
    }
  });

  it('fails fast with a readable list of every wrong value', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'x', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('refuses a read replica without the primary, or equal to it, in the same readable list', () => {
    expect(() => parseConfig({ DATABASE_READ_URL: 'postgres://replica:5432/shop' })).toThrow(
      'Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL, the primary database that takes every write',
    );
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db:5432/shop', DATABASE_READ_URL: 'postgres://db:5432/shop' })).toThrow(
      'DATABASE_READ_URL: is the same as DATABASE_URL',
    );
    expect(() => parseConfig({ DATABASE_READ_URL: 'mysql://replica', PORT: 'x' })).toThrow(/PORT.*\n.*DATABASE_READ_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n {2}DATABASE_READ_URL: needs DATABASE_URL/s);
    const config = parseConfig({ DATABASE_URL: 'postgres://db:5432/shop', DATABASE_READ_URL: 'postgres://replica:5432/shop' });
    expect(config.DATABASE_READ_URL).toBe('postgres://replica:5432/shop');
  });

  it('npm start reads .env, and a variable set in the shell wins over the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-env-'));
    try {
      const envFile = join(dir, '.env');
      writeFileSync(envFile, 'PORT=from-the-file\nLOG_LEVEL=shouting\n');
      const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
          env: { PATH: process.env.PATH ?? '', ENV_FILE: envFile, WEB_DIST: dir, LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        child.stdout.on('data', (d) => (text += d));
        child.stderr.on('data', (d) => (text += d));
        child.on('exit', (code) => resolve({ code, text }));
      });
      expect(output.code).toBe(1);
      expect(output.text).toContain('Invalid configuration');
      expect(output.text).toContain('PORT'); // read from the file
      expect(output.text).not.toContain('LOG_LEVEL'); // the shell's value won
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
