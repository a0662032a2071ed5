import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type PluginOption } from 'vite';
import shop, { REACT_CHUNK } from './vite.config.ts';

/**
 * The staff back office (issue 16) is a build of its own, run after the shop's into the same dist/
 * (staff.html and its chunks beside index.html): the shop's bundle is built exactly as if the back
 * office did not exist, so a buyer's first load cannot grow by a byte (docs/decisions/008-staff-back-office.md).
 *
 * It leaves out the shop's service worker plugin: run again here, it rewrote dist/sw.js with the staff
 * chunks in the buyers' precache (125 files, 1.6 MB downloaded by every buyer's phone on install),
 * and its 400 KB precache limit refused the dashboard's chart chunk. Staff screens are not offline pages.
 */
const plugins = ((shop.plugins ?? []) as unknown[]).flat(4) as PluginOption[];
// The bundle analyser (ANALYZE, issue 41) looks at the shop's build only.
const withoutPwa = plugins.filter((p) => !(p && typeof p === 'object' && 'name' in p && /^(vite-plugin-pwa|visualizer)/.test(String(p.name))));

// The shop's chunk groups are sized for the buyer's landing pages; the back office keeps its own
// split (React apart, the rest as rolldown chooses). mergeConfig would add to the shop's groups.
const shopBuild = shop.build ?? {};
const staffOutput = { manualChunks: (id: string) => (REACT_CHUNK.test(id) ? 'react' : undefined) };

export default mergeConfig(
  { ...shop, plugins: withoutPwa, build: { ...shopBuild, rollupOptions: { ...shopBuild.rollupOptions, output: staffOutput } } },
  defineConfig({
    build: {
      emptyOutDir: false,
      manifest: '.vite/staff-manifest.json',
      rollupOptions: { input: { staff: fileURLToPath(new URL('./staff.html', import.meta.url)) } },
    },
  }),
);
