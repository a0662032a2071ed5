import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Issue 41: the bundle analyser, only when asked: `ANALYZE=/tmp/stats npm run build` writes the shop's
 * /tmp/stats.html (treemap) and /tmp/stats.json (every module of every chunk, with its gzip size). Normal
 * builds do not load the plugin.
 */
const analyse = process.env.ANALYZE
  ? await import('rollup-plugin-visualizer').then(({ visualizer }) => [
      visualizer({ filename: `${process.env.ANALYZE}.html`, template: 'treemap', gzipSize: true }),
      visualizer({ filename: `${process.env.ANALYZE}.json`, template: 'raw-data', gzipSize: true }),
    ])
  : [];

/** Writes .br and .gz beside each text asset, so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        // The staff build (vite.staff.config.ts) runs second into the same folder: the shop's files are done.
        if (existsSync(`${file}.br`) && statSync(`${file}.br`).mtimeMs >= statSync(file).mtimeMs) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** In development, /staff and /staff/... are the back office's page (the server does the same in production). */
function staffPages(): Plugin {
  return {
    name: 'staff-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/staff(\/|$|\?)/.test(req.url)) req.url = '/staff.html';
        next();
      });
    },
  };
}

/** The vendor chunk of both builds (shop and staff back office). */
export const REACT_CHUNK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

const inWeb = (paths: string) => new RegExp(`apps[\\\\/]web[\\\\/]src[\\\\/](${paths})\\.tsx?$`);
const inDomain = (names: string) => new RegExp(`packages[\\\\/]domain[\\\\/]src[\\\\/](${names})\\.ts$`);

/**
 * Issue 41: the shell draws one bar or the other (app/layouts/shell.tsx), each loaded with the page,
 * so a storefront page does not download the marketplace bar and a marketplace page not the ordering
 * bar's cart, account and search. Each bar lives in the chunk its landing pages already load.
 */
const ORDERING_BAR =
  'app/layouts/(ordering-bar|account-menu)|features/catalogue/(search-box|guest-city-menu)|features/cart/cart-dropdown|components/ui/dropdown|lib/(use-sign-out|pending-cart)';
const MARKETPLACE_BAR = 'app/layouts/marketplace-bar|features/marketplace/(marketplace-menu|marketplace-search|city-menu)';

/**
 * The shop's chunks (see build.rollupOptions.output): React with the query library; `common`, the
 * modules the shell and every landing page share; the storefront's and the marketplace's own shared
 * pieces. A higher priority takes a module first, so a group never pulls in another's modules.
 */
const SHOP_CHUNK_GROUPS = [
  {
    name: 'react',
    priority: 40,
    // Issue 41: not the mutation hook, which no landing page uses (its pages' chunks carry it).
    test: (id: string) =>
      /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core))[\\/]/.test(id) && !/[\\/](useMutation|mutationObserver)\.js$/.test(id),
  },
  {
    name: 'common',
    priority: 30,
    test: (id: string) =>
      /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared|context|Icon|createLucideIcon)/.test(id) ||
      inDomain('constants|money|pricing|product-images|slug|guest-user|cart|plural').test(id) ||
      inWeb('lib/(api|storage|images|use-page-meta|use-progressive|use-media|session|cart-store|use-online|city)|components/ui/(price|product-image|product-skeleton|load-error)').test(id) ||
      // What both bars use (issue 41), kept here so neither bar's group takes it in with its bar.
      inWeb('app/route-rules|app/layouts/logo|lib/(use-disclosure|use-lazy-combobox)').test(id) ||
      /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]search\.mjs$/.test(id) ||
      id.includes('vite/preload-helper'),
  },
  {
    name: 'storefront',
    priority: 20,
    test: (id: string) =>
      /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](minus|plus)\.mjs$/.test(id) ||
      inDomain('listing|karachi-time|order-rules').test(id) ||
      inWeb('features/catalogue/(catalogue-api|product-grid)|components/ui/(product-card|quantity-control)').test(id) ||
      // Issue 41: the ordering bar (the storefront's pages) and what only it uses.
      inWeb(ORDERING_BAR).test(id),
  },
  {
    name: 'marketplace',
    priority: 20,
    test: (id: string) =>
      inDomain('marketplace-rules|marketplace-search').test(id) ||
      inWeb('features/marketplace/(marketplace-api|marketplace-product-card|breadcrumb)').test(id) ||
      // Issue 41: the marketplace bar and what only it uses.
      inWeb(MARKETPLACE_BAR).test(id),
  },
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    staffPages(),
    // Issue 15 (14): installable (manifest, icons, theme colour) and readable offline. The service
    // worker precaches the app shell (every page chunk, at most 400 KB each: no images, no data) and
    // keeps the last-seen catalogue answers network-first. Only GETs are cached: orders and other
    // POSTs go to the network or fail in front of the buyer, never queued (no background sync).
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by main.tsx after load: no extra script in the first load.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Wholesale Shop',
        short_name: 'Wholesale',
        description: 'Wholesale ordering for shops, hotels, restaurants, caterers and offices in Pakistan.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b3b8c',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}', 'icons/icon-192.png'],
        // The React chunk is the largest (about 320 KB before compression); nothing bigger is kept.
        maximumFileSizeToCacheInBytes: 400 * 1024,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        navigateFallback: '/index.html',
        // The API, stored files and the crawler files are never answered with the app page.
        navigateFallbackDenylist: [/^\/api\//, /^\/staff(\/|$)/, /^\/storage\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/],
        runtimeCaching: [
          {
            // Catalogue and marketplace reads, and the signed-in home's Buy again (issue 21): fresh when
            // online, the last answer when not. Emptied when the session changes (lib/use-online.ts).
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/(catalogue\/|bmpl\/|custom_route\/get_products_by_|read\/(Categories|Business_Types)$|buy-again$)/.test(url.pathname),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'catalogue-api',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 150, maxAgeSeconds: 7 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/storage/'),
            handler: 'StaleWhileRevalidate',
            method: 'GET',
            options: { cacheName: 'images', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    precompress(),
    ...analyse,
  ],
  build: {
    // No source maps in production: internal paths stay private (issue 7).
    sourcemap: false,
    // The server reads the manifest to preload the page chunk of the landing pages (lib/page-preload.ts).
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        // Few, larger chunks for the first load: on HTTP/1.1 a phone opens at most six connections, and
        // each of the many sub-kilobyte chunks that rolldown made of modules shared by the shell and the
        // pages (api, pricing, slug, the query hooks...) cost a request of its own before the first
        // paint. The groups keep what each landing page downloads the same, in fewer files.
        codeSplitting: { groups: SHOP_CHUNK_GROUPS },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' } },
});
