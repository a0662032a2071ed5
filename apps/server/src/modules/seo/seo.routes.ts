import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { MarketplaceProductDetail, MarketplaceResolvedCategory } from '@shop/domain/marketplace';
import { marketplaceCategoryPath, marketplaceProductPath, marketplaceProductTitle, movedProductPath, resolveCategoryPath, resolveProductPath } from '@shop/domain/marketplace-rules';
import { displayPrice } from '@shop/domain/pricing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ModuleDeps } from '../../app-deps.ts';
import { buildIndexPages, indexPageFor } from '../../lib/page-preload.ts';
import { createSeoContext, sitemapPaths } from '../marketplace/marketplace-seo.service.ts';
import { productBySlug, resolveCategory } from '../marketplace/marketplace.service.ts';
import { type PageHead, shortDescription, withHead } from './seo-head.ts';

/** The sitemap protocol's limit per file; the marketplace's categories come first. */
export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_TTL_MS = 60 * 60_000;
const HEAD_TTL_MS = 5 * 60_000;
const HEAD_CACHE_MAX = 1_000;

/** Pages of signed-in buyers, sign-up steps and the API: nothing there for a search engine. */
const DISALLOWED = ['/api/', '/cart', '/orders', '/pending', '/ledgers', '/quick-order', '/order-lists', '/accountInfo', '/userInfo', '/sign-in', '/sign-up', '/otp', '/reset-password', '/confirm-password', '/bmpl/search'];

const MARKETPLACE_HOME: Omit<PageHead, 'canonical'> = {
  title: 'Buy More Pay Less',
  description: 'Buy More Pay Less: wholesale prices on groceries and household goods in Lahore, Islamabad, Multan, Faisalabad and Karachi. The more you buy, the less you pay.',
  type: 'website',
};

/**
 * The origin for absolute URLs, from the request (behind a proxy, TRUST_PROXY makes Fastify read
 * X-Forwarded-Proto and -Host). A Host that is not a plain host name is not echoed into the page.
 */
function originOf(request: FastifyRequest): string {
  const host = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

const imageUrl = (origin: string, urlName: string | null) =>
  !urlName ? undefined : /^https?:\/\//.test(urlName) ? urlName : `${origin}${urlName.startsWith('/') ? '' : '/storage/products/'}${urlName}`;

function productHead(origin: string, p: MarketplaceProductDetail): PageHead {
  const canonical = `${origin}${marketplaceProductPath(p)}`;
  const image = imageUrl(origin, p.url_name);
  const cities = p.bmpl_products_city.map((r) => r.city);
  const description = shortDescription(
    p.description?.trim() ? p.description : `${p.name} by ${p.bmpl_brand_name} at wholesale prices${cities.length ? ` in ${cities.join(', ')}` : ''}.`,
  );
  return {
    title: marketplaceProductTitle(p.name),
    description,
    canonical,
    image,
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description,
      ...(image ? { image } : {}),
      sku: String(p.id),
      brand: { '@type': 'Brand', name: p.bmpl_brand_name },
      category: [p.category_name, p.subcategory_name].filter(Boolean).join(' > '),
      url: canonical,
      // One offer per city: the marketplace's price is the city's (SPEC 3).
      offers: p.bmpl_products_city.map((r) => ({
        '@type': 'Offer',
        price: displayPrice({ ...r, customer_specific_pricing: null }),
        priceCurrency: 'PKR',
        availability: r.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        areaServed: { '@type': 'City', name: r.city },
        url: canonical,
      })),
    },
  };
}

function categoryHead(origin: string, c: MarketplaceResolvedCategory): PageHead {
  const name = c.subcategory?.name ?? c.category.name;
  const path = marketplaceCategoryPath(c.category.slug, c.subcategory?.slug);
  const crumbs = [
    { name: 'Buy More Pay Less', url: `${origin}/bmpl` },
    { name: c.category.name, url: `${origin}${marketplaceCategoryPath(c.category.slug)}` },
    ...(c.subcategory ? [{ name: c.subcategory.name, url: `${origin}${path}` }] : []),
  ];
  const within = c.subcategory ? ` in ${c.category.name}` : c.subcategories.length ? `: ${c.subcategories.map((s) => s.name).join(', ')}` : '';
  return {
    title: `${name} | Buy More Pay Less`,
    description: shortDescription(`Buy ${name}${within} at wholesale prices in Pakistan. Buy more, pay less.`),
    canonical: `${origin}${path}`,
    type: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
    },
  };
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Issue 15 (13): the marketplace for search engines that do not run JavaScript. /bmpl product and
 * category URLs answer index.html with their own title, description, canonical URL, Open Graph tags
 * and schema.org data; sitemap.xml lists the marketplace; robots.txt keeps buyers' pages out.
 */
export async function seoRoutes(app: FastifyInstance, deps: ModuleDeps) {
  // Marketplace pages and the sitemap are catalogue reads: from the read replica when there is one,
  // with the change counters read there too. Heads and sitemaps are kept for one generation of the
  // marketplace's change counters (a rename, a product made inactive, a price): read once a second by
  // a running server, before every use in tests.
  const { ctx, changes } = createSeoContext(deps.readReplica?.db ?? deps.db, deps.catalogueReads.followMs);
  if (deps.catalogueReads.warmAtStart) {
    changes.warm().catch(() => {});
    const stop = changes.follow();
    app.addHook('onClose', async () => stop());
  }
  const generation = async () => {
    await changes.current();
    return changes.generation();
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const lines = ['User-agent: *', 'Allow: /bmpl', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${originOf(request)}/sitemap.xml`, ''];
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  // One sitemap per origin, rebuilt at most hourly, and when the marketplace changed (a product made
  // inactive leaves it within the counters' bound): a crawler's visits cost one query an hour at most.
  const sitemaps = new LRUCache<string, { at: number; gen: number; xml: Promise<string> }>({ max: 4 });
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const gen = await generation();
    let entry = sitemaps.get(origin);
    if (!entry || entry.gen !== gen || Date.now() - entry.at > SITEMAP_TTL_MS) {
      const xml = sitemapPaths(ctx, SITEMAP_MAX_URLS - 1).then(({ categories, products }) => {
        const urls = ['/bmpl', ...categories, ...products].map((p) => `<url><loc>${xmlEscape(origin + p)}</loc></url>`);
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
      });
      entry = { at: Date.now(), gen, xml };
      sitemaps.set(origin, entry);
      xml.catch(() => sitemaps.delete(origin));
    }
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(await entry.xml);
  });

  const webDist = deps.config.WEB_DIST ?? resolve(import.meta.dirname, '../../../../web/dist');
  // Read on first use: without a web build (API-only tests) these paths are plain 404s, as elsewhere.
  let pages: ReturnType<typeof buildIndexPages> | null = null;

  /**
   * The head for a /bmpl path (null: not a product or category URL). An unknown product or category is
   * answered 200 with noindex (meta and X-Robots-Tag): the app shows its not-found state, and a 404
   * document would put a failed request in the buyer's console (issue 15 point 4); noindex keeps it
   * out of search results all the same.
   */
  const headFor = async (path: string, origin: string): Promise<{ head: PageHead; status: number } | { moved: string } | null> => {
    if (path === '/bmpl') return { head: { ...MARKETPLACE_HOME, canonical: `${origin}/bmpl` }, status: 200 };
    const product = resolveProductPath(path);
    const category = product ? null : resolveCategoryPath(path);
    if (!product && !category) return null;
    try {
      if (product) {
        const found = await productBySlug(ctx, product.product);
        // Issue 19: an address from before a rename (or a move to another category) is permanently the new one.
        const moved = movedProductPath(product, found);
        return moved ? { moved } : { head: productHead(origin, found), status: 200 };
      }
      return { head: categoryHead(origin, await resolveCategory(ctx, category?.category ?? '', category?.subcategory ?? undefined)), status: 200 };
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 400) return { head: { ...MARKETPLACE_HOME, canonical: `${origin}/bmpl`, noindex: true }, status: 200 };
      throw err;
    }
  };

  type Page = { html: string; status: number; noindex: boolean } | { moved: string };
  const cached = new LRUCache<string, { at: number; gen: number; value: Promise<Page | null> }>({ max: HEAD_CACHE_MAX });
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages && existsSync(join(webDist, 'index.html'))) pages = buildIndexPages(webDist);
    if (!pages) return reply.status(404).send({ error: 'Not found' });
    const index = pages;
    const path = (request.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const origin = originOf(request);
    const key = `${origin}${path}`;
    const gen = await generation();
    let hit = cached.get(key);
    if (!hit || hit.gen !== gen || Date.now() - hit.at > HEAD_TTL_MS) {
      const base = indexPageFor(index, path);
      const value = headFor(path, origin).then((r): Page | null =>
        !r ? null : 'moved' in r ? r : { html: withHead(base, r.head), status: r.status, noindex: r.head.noindex === true },
      );
      hit = { at: Date.now(), gen, value };
      cached.set(key, hit);
      value.catch(() => cached.delete(key));
    }
    let result: Page | null = null;
    try {
      result = await hit.value;
    } catch (err) {
      // The page still works without its tags: the app loads its data itself.
      request.log.warn({ err: { message: (err as Error).message } }, 'seo head failed');
    }
    if (result && 'moved' in result) {
      // 301: search engines move the old address's standing to the new one. Not kept by browsers
      // (no-cache): a product renamed back to its old name makes the old address its own again.
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.status(301).header('location', `${result.moved}${query}`).header('cache-control', 'no-cache').send();
    }
    if (result?.noindex) reply.header('x-robots-tag', 'noindex');
    return reply
      .status(result?.status ?? 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(result?.html ?? indexPageFor(index, path));
  };
  app.get('/bmpl', { schema: { hide: true } }, page);
  app.get('/bmpl/*', { schema: { hide: true } }, page);
}
