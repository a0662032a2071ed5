// Builds the server into one JavaScript file (apps/server/dist/main.mjs) when it is missing or older than
// its sources, for `npm start` to run with plain Node. Running the TypeScript through tsx kept tsx's loader
// thread and every module's transformed source with its inline source map in the server process: about
// 115 MB more resident memory for the same server (docs/decisions/024-server-build.md). Packages from
// node_modules stay outside the file and load as they do from source; our own code (the server and
// packages/domain) is bundled, each file keeping its own location for import.meta (the migrations folder,
// the web build), so the file is built where it runs and is never committed (dist/ is ignored).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { newest } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
export const serverBuild = join(root, 'apps/server/dist/main.mjs');
const sources = ['apps/server/src', 'packages/domain/src', 'apps/server/package.json', 'packages/domain/package.json', 'scripts/server-build.mjs'];

/** Each source file's import.meta.url and import.meta.dirname as that file's own, not the bundle's. */
const ownLocation = {
  name: 'own-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const contents = text
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/** Bare imports stay imports of node_modules, but for our own workspace packages (TypeScript sources). */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true }));
  },
};

export async function ensureServerBuild({ force = false } = {}) {
  const paths = sources.map((p) => join(root, p)).filter(existsSync);
  const stale = force || !existsSync(serverBuild) || Math.max(...paths.map(newest)) > statSync(serverBuild).mtimeMs;
  if (!stale) return;
  console.log('Building the server...');
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile: serverBuild,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A linked map for reading a position by hand; Node does not load it unless --enable-source-maps is given.
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS helpers (none of ours today) would need require in an ES module.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [ownLocation, packagesOutside],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureServerBuild({ force: process.argv.includes('--force') });
