import { GO_LIVE_ITEMS, type GoLive, type GoLiveItem, type GoLiveItemKey, isGoLiveReady } from '@shop/domain/go-live';
import { countOf } from '@shop/domain/plural';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners, categories, products } from '../../db/schema/catalogue.ts';
import { areas, businessTypes, cities } from '../../db/schema/places.ts';
import { tickerMessages } from '../../db/schema/prices-content.ts';
import { staffUsers } from '../../db/schema/staff.ts';

/** How mail leaves this server (main.ts's mailer): the configuration, not the database, decides it. */
export interface MailSetup {
  smtp: boolean;
  /** MAIL_OUTBOX=1 on PostgreSQL: mail is kept in the outbox table on purpose. */
  outbox: boolean;
  /** The embedded database's demo install: mail is kept in the outbox table and written to the log. */
  demo: boolean;
}

const count = (q: ReturnType<typeof sql>) => sql<number>`(${q})::int`;
const inEffect = (startsAt: unknown, endsAt: unknown) => sql`(${startsAt} is null or ${startsAt} <= now()) and (${endsAt} is null or ${endsAt} > now())`;
const working = (role: string) =>
  count(sql`select count(*) from ${staffUsers} where ${staffUsers.disabledAt} is null and ${staffUsers.passwordHash} is not null and ${role} = any(${staffUsers.roles})`);

/**
 * Issue 35: the first-run checklist, each item from the rows that make it true (one statement of
 * counts over the reference data, the catalogue, the staff and the content; it writes nothing).
 */
export async function readGoLive(db: Db, mail: MailSetup): Promise<GoLive> {
  const [n] = await db.execute(sql`select
    ${count(sql`select count(*) from ${cities}`)} as cities,
    ${count(sql`select count(*) from ${cities} c where c.active and exists (select 1 from ${areas} a where a.city_id = c.id and a.active)`)} as cities_with_areas,
    ${count(sql`select count(*) from ${businessTypes} where ${businessTypes.active}`)} as business_types,
    ${count(sql`select count(*) from ${categories}`)} as categories,
    ${count(sql`select count(*) from ${products} where ${products.active}`)} as products,
    ${count(sql`select count(*) from ${products} where ${products.active} and ${products.price} > 0`)} as priced,
    ${working('Order desk')} as desk,
    ${working('Finance')} as finance,
    ${count(sql`select count(*) from ${staffUsers} where ${staffUsers.disabledAt} is null and ${staffUsers.passwordHash} is null and (${'Order desk'} = any(${staffUsers.roles}) or ${'Finance'} = any(${staffUsers.roles}))`)} as invited,
    ${count(sql`select count(*) from ${tickerMessages} where ${inEffect(tickerMessages.startsAt, tickerMessages.endsAt)}`)} as ticker,
    ${count(sql`select count(*) from ${banners} where ${banners.name} = 'Home_Banners' and ${banners.enable} and ${inEffect(banners.startsAt, banners.endsAt)}`)} as home_banners`).then((r) => (Array.isArray(r) ? r : (r as { rows: Record<string, number>[] }).rows) as Record<string, number>[]);
  const c = (k: string) => Number(n?.[k] ?? 0);
  const items: Record<GoLiveItemKey, Omit<GoLiveItem, 'key'>> = {
    city: {
      done: c('cities_with_areas') > 0,
      detail: c('cities') === 0 ? 'No city yet.' : `${countOf(c('cities_with_areas'), 'city', 'cities')} with areas, of ${countOf(c('cities'), 'city', 'cities')}.`,
    },
    business_type: { done: c('business_types') > 0, detail: c('business_types') === 0 ? 'No business type yet.' : `${countOf(c('business_types'), 'business type', 'business types')}.` },
    categories: { done: c('categories') > 0, detail: c('categories') === 0 ? 'No category yet.' : `${countOf(c('categories'), 'category', 'categories')}.` },
    products: {
      done: c('priced') > 0,
      detail: c('products') === 0 ? 'No product yet.' : `${countOf(c('priced'), 'product', 'products')} listed with a price, of ${countOf(c('products'), 'active product', 'active products')}.`,
    },
    staff: {
      done: c('desk') > 0 && c('finance') > 0,
      detail:
        `Order desk: ${countOf(c('desk'), 'person', 'people')}; Finance: ${countOf(c('finance'), 'person', 'people')}` +
        (c('invited') > 0 ? ` (${countOf(c('invited'), 'person', 'people')} invited, not yet set up).` : '.'),
    },
    mail: mailItem(mail),
    ticker: { done: c('ticker') > 0, detail: c('ticker') === 0 ? 'No message shown now.' : `${countOf(c('ticker'), 'message', 'messages')} shown now.` },
    home_banner: { done: c('home_banners') > 0, detail: c('home_banners') === 0 ? 'No storefront home banner shown now.' : `${countOf(c('home_banners'), 'banner', 'banners')} shown now.` },
  };
  const list = GO_LIVE_ITEMS.map((key) => ({ key, ...items[key] }));
  return { items: list, ready: isGoLiveReady(list) };
}

function mailItem(mail: MailSetup): Omit<GoLiveItem, 'key'> {
  if (mail.smtp) return { done: true, detail: 'Mail is sent through SMTP_URL.' };
  if (mail.demo) {
    return { done: false, detail: 'No SMTP_URL: mail is kept in the outbox table and its text written to the log (the demo install). Set SMTP_URL in .env and restart.' };
  }
  return {
    done: false,
    detail: mail.outbox
      ? 'MAIL_OUTBOX=1: mail is kept in the outbox table and reaches no one (buyers get no reset codes). Set SMTP_URL in .env and restart.'
      : 'No SMTP_URL. Set it in .env and restart.',
  };
}
