import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The landing pages with a load-time budget (issues 3 and 6) get their page chunk announced in the
 * HTML (`modulepreload`), so the browser fetches it with the app shell instead of after it has booted
 * and matched the route: one round trip less on a slow phone. A wrong hint costs only a wasted fetch.
 */
const LANDING_PAGES: Record<string, string> = {
  '/': 'src/features/catalogue/home-page.tsx',
  '/home': 'src/features/catalogue/home-page.tsx',
  '/categories': 'src/features/catalogue/categories-page.tsx',
  '/bmpl': 'src/features/marketplace/marketplace-home-page.tsx',
  // Issue 15: the product pages have the same budget; a shared product link is often the first visit.
  '/productDetails': 'src/features/catalogue/product-details-page.tsx',
};

/** Paths matched by form rather than spelled out: every productdetail address of the marketplace (SPEC 2). */
const LANDING_PATTERNS: Array<[RegExp, string]> = [[/\/productdetail\/[^/]+$/, 'src/features/marketplace/marketplace-product-page.tsx']];

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface IndexPages {
  plain: string;
  byPath: Map<string, string>;
  /** index.html for the paths of LANDING_PATTERNS, in their order. */
  byPattern: Array<[RegExp, string]>;
  /** The staff back office's page (staff.html, its own entry), for /staff and below. */
  staff: string | null;
}

export const isStaffPage = (path: string) => path === '/staff' || path.startsWith('/staff/');

/** The HTML for a path of the web app: the back office's page under /staff, else the shop's. */
export function indexPageFor(pages: IndexPages | null, path: string): string {
  if (!pages) return '';
  if (isStaffPage(path)) return pages.staff ?? pages.plain;
  const bare = path.replace(/(.)\/+$/, '$1');
  return pages.byPath.get(bare) ?? pages.byPattern.find(([pattern]) => pattern.test(bare))?.[1] ?? pages.plain;
}

/** index.html per landing path, with its preloads; other paths get the plain index.html. */
export function buildIndexPages(webDist: string): IndexPages {
  const plain = readFileSync(join(webDist, 'index.html'), 'utf8');
  const staffFile = join(webDist, 'staff.html');
  const staff = existsSync(staffFile) ? readFileSync(staffFile, 'utf8') : null;
  const byPath = new Map<string, string>();
  const byPattern: Array<[RegExp, string]> = [];
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { plain, byPath, byPattern, staff };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const withPreloads = (source: string): string | null => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    visit(source);
    const links = [...files].filter((f) => !plain.includes(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
    return links.length ? plain.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : null;
  };
  for (const [path, source] of Object.entries(LANDING_PAGES)) {
    const html = withPreloads(source);
    if (html) byPath.set(path, html);
  }
  for (const [pattern, source] of LANDING_PATTERNS) {
    const html = withPreloads(source);
    if (html) byPattern.push([pattern, html]);
  }
  return { plain, byPath, byPattern, staff };
}
