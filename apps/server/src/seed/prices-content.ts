// Issue 19's demo data: city prices and Buy More Pay Less thresholds in Lahore, a Lahore-only banner,
// ticker messages and feedback messages waiting in the inbox. Deterministic: the first in-stock
// products not on sale and not locked for a demo business.
import { fromPaisa } from '@shop/domain/money';
import type { Db } from '../db/client.ts';
import { banners } from '../db/schema/catalogue.ts';
import { cityPrices, quantityPrices, tickerMessages } from '../db/schema/prices-content.ts';
import { feedback } from '../db/schema/support.ts';
import type { DemoAccounts } from './accounts.ts';
import type { DemoProduct } from './catalogue.ts';
import type { PlaceIds } from './places.ts';

const round10 = (paisa: number) => Math.round(paisa / 1000) * 1000;

export async function insertPricesAndContent(db: Db, places: PlaceIds, demo: readonly DemoProduct[], accounts: DemoAccounts): Promise<void> {
  const lahore = places.cityByName.get('Lahore') as number;
  const locked = new Set([...accounts.businesses.kiryana.prices.keys(), ...accounts.businesses.hotel.prices.keys()]);
  const plain = demo.filter((p) => p.draft.stock > 0 && p.draft.salePrice === null && !locked.has(p.id) && p.draft.price >= 50_000);
  // 20 products cost 2% less in Lahore; 20 others have a threshold there: 12 pieces or more, 6% less each.
  const city = plain.slice(0, 20);
  const tiers = plain.slice(20, 40);
  await db.insert(cityPrices).values(city.map((p) => ({ productId: p.id, cityId: lahore, price: fromPaisa(round10(p.draft.price * 0.98)) })));
  await db.insert(quantityPrices).values(tiers.map((p) => ({ productId: p.id, cityId: lahore, minQuantity: 12, unitPrice: fromPaisa(round10(p.draft.price * 0.94)) })));
  await db.insert(banners).values({
    name: 'Bmpl_Banners',
    title: 'Lahore only: bulk rice and flour deals',
    image: '/storage/art/desktop/lahore-bulk-deals.svg',
    isMobile: false,
    sortOrder: 0,
    link: '/bmpl',
    cityId: lahore,
  });
  await db.insert(tickerMessages).values([
    { text: 'Notice: our online ordering services will be closing soon. Please place your pending orders in time.', sortOrder: 1 },
    { text: 'Lahore: orders after 6 pm are delivered the day after tomorrow this week.', sortOrder: 2, cityId: lahore },
  ]);
  const owner = accounts.users.owner;
  await db.insert(feedback).values([
    { businessUserId: owner.id, name: owner.name, email: owner.email, mobileNo: owner.mobileNo, type: 'Complaint', subject: 'Late delivery', message: 'Our last order came a day late. Please deliver before noon.' },
    { name: 'Farah Naz Caterers', email: 'farah.caterers@example.pk', mobileNo: '03214567890', type: 'Suggestion', subject: 'Larger oil tins', message: 'Please stock 16 litre cooking oil tins.' },
  ]);
}
