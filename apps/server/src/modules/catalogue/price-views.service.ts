import type { Db } from '../../db/client.ts';
import { createDbMirror } from '../../lib/db-mirror.ts';
import { badRequest } from '../../lib/http-error.ts';
import { publicCities } from '../places/places.service.ts';
import { businessPriceFacts, type PriceView } from './pricing.service.ts';

/**
 * Issue 36: whose prices each request is shown, decided on the server from the database, never from
 * the request: a signed-in buyer sees the business's locked prices and the prices of the business's
 * own city; a guest sees list and sale prices, or those of the city the guest chose (the marketplace's
 * city choice, sent by name). The views and the answer caches' keys come from here.
 *
 * A request must not cost a statement for this (a warm listing is answered from memory), so each
 * instance keeps, per business, its city and whether it has locked prices, and the active cities by
 * name, until the change counters say otherwise: customer_prices (a price added, ended, or its period
 * passed: prices.service.ts bumpPassedBoundaries), business_cities (a business moved: migration 0031),
 * and bmpl_product_cities, which a change of the cities moves (migration 0029).
 */
interface ViewsState {
  /** Active cities by lower-case name. */
  cities: Map<string, number>;
  /** Active cities' names by id. */
  names: Map<number, string>;
  /** Per business: its city, and whether it has a locked price in effect. */
  businesses: Map<number, { cityId: number | null; locked: boolean }>;
}

const MAX_BUSINESSES = 50_000;

export interface BuyerView {
  view: PriceView;
  /**
   * The key answers for this view are kept under: two buyers with the same key are shown the same
   * prices (a business without locked prices shares its city's answers with the guests who chose it).
   */
  key: string;
}

export function createPriceViews(db: Db, options: { maxStaleMs: number }) {
  const mirror = createDbMirror<ViewsState>(db, {
    tables: ['customer_prices', 'business_cities', 'bmpl_product_cities'],
    reloadOn: ['bmpl_product_cities'],
    load: async () => {
      const { cities } = await publicCities(db);
      return { cities: new Map(cities.map((c) => [c.name.trim().toLowerCase(), c.id])), names: new Map(cities.map((c) => [c.id, c.name])), businesses: new Map() };
    },
    onChange(state) {
      state.businesses = new Map();
    },
    maxStaleMs: options.maxStaleMs,
    fullReloadMs: 10 * 60_000,
  });

  async function business(state: ViewsState, businessId: number) {
    let known = state.businesses.get(businessId);
    if (!known) {
      known = await businessPriceFacts(db, businessId);
      if (state.businesses.size >= MAX_BUSINESSES) state.businesses.clear();
      state.businesses.set(businessId, known);
    }
    return known;
  }

  return {
    /**
     * The view of a request: `businessId` the signed-in buyer's business (null for a guest), `city`
     * the name of the city a guest chose (ignored for a signed-in buyer). A city that is not an active
     * one is a 400.
     */
    async of(businessId: number | null, city: string | undefined): Promise<BuyerView> {
      let state = await mirror.current();
      if (!state) {
        await mirror.warm();
        state = await mirror.current();
      }
      if (!state) throw new Error('the cities could not be read');
      if (businessId != null) {
        const b = await business(state, businessId);
        return { view: { businessId, cityId: b.cityId }, key: `${b.locked ? `b${businessId}` : ''}c${b.cityId ?? ''}` };
      }
      if (city === undefined) return { view: { businessId: null, cityId: null }, key: 'c' };
      const cityId = state.cities.get(city.trim().toLowerCase());
      if (cityId === undefined) throw badRequest('There is no such city.');
      return { view: { businessId: null, cityId }, key: `c${cityId}` };
    },
    /** An active city's id by name (any letter case), undefined when there is none. */
    async cityId(name: string): Promise<number | undefined> {
      const state = (await mirror.current()) ?? (await mirror.warm().then(() => mirror.current()));
      return state?.cities.get(name.trim().toLowerCase());
    },
    /** An active city's name by id, undefined when there is none. */
    async cityName(id: number): Promise<string | undefined> {
      const state = (await mirror.current()) ?? (await mirror.warm().then(() => mirror.current()));
      return state?.names.get(id);
    },
    warm: mirror.warm,
    follow: mirror.follow,
    wake: mirror.wake,
  };
}
export type PriceViews = ReturnType<typeof createPriceViews>;
