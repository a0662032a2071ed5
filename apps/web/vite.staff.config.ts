import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import shop from './vite.config.ts';

/**
 * The staff back office (issue 16) is a build of its own, run after the shop's into the same dist/
 * (staff.html and its chunks beside index.html): the shop's bundle is built exactly as if the back
 * office did not exist, so a buyer's first load cannot grow by a byte (docs/decisions/008-staff-back-office.md).
 */
export default mergeConfig(
  shop,
  defineConfig({
    build: {
      emptyOutDir: false,
      manifest: '.vite/staff-manifest.json',
      rollupOptions: { input: { staff: fileURLToPath(new URL('./staff.html', import.meta.url)) } },
    },
  }),
);
