// The demo businesses, their users (one password for all) and customer-specific prices.
import type { City, PaymentMode, UserType } from '@shop/domain/constants';
import { fromPaisa, type Paisa } from '@shop/domain/money';
import type { Db } from '../db/client.ts';
import { businesses, businessUsers, customerPrices } from '../db/schema/business.ts';
import type { DemoProduct } from './catalogue.ts';
import { DEMO_SEED } from './generator.ts';
import { areaOf, businessTypeId, type PlaceIds } from './places.ts';
import { hashSeed, Random } from './random.ts';

export const DEMO_PASSWORD = 'Demo@12345';

interface BusinessPlan {
  key: 'kiryana' | 'hotel' | 'office';
  name: string;
  type: string;
  subType: string;
  city: City;
  area: string;
  paymentMode: PaymentMode;
  creditLimit: string;
  advanceAmount: string;
  paymentDays: number;
  latitude: number;
  longitude: number;
  cmId: string;
}

const BUSINESSES: readonly BusinessPlan[] = [
  {
    key: 'kiryana', name: 'Demo Kiryana Traders', type: 'Retail', subType: 'Kiryana Store', city: 'Lahore', area: 'Gulberg',
    paymentMode: 'Cash', creditLimit: '0.00', advanceAmount: '0.00', paymentDays: 0, latitude: 31.5204, longitude: 74.3487, cmId: 'CM-000101',
  },
  {
    key: 'hotel', name: 'Crescent Hotel & Caterers', type: 'HoReCa', subType: 'Hotel', city: 'Islamabad', area: 'Blue Area',
    paymentMode: 'Credit', creditLimit: '1000000.00', advanceAmount: '0.00', paymentDays: 30, latitude: 33.7104, longitude: 73.0551, cmId: 'CM-000201',
  },
  {
    key: 'office', name: 'Karachi Office Supplies Co', type: 'Offices and Institutions', subType: 'Office', city: 'Karachi', area: 'Saddar',
    paymentMode: 'Advance', creditLimit: '0.00', advanceAmount: '100000.00', paymentDays: 0, latitude: 24.8556, longitude: 67.0215, cmId: 'CM-000501',
  },
];

type UserKey = 'owner' | 'orderer' | 'approver' | 'credit' | 'advance';

interface UserPlan {
  key: UserKey;
  business: BusinessPlan['key'];
  email: string;
  type: Exclude<UserType, 'Guest'>;
  name: string;
  limit: string;
  mobileNo: string;
  helpNo: string;
  address: string;
  nic: string;
  deliveryId: number;
  customerId: string;
}

const KIRYANA_ADDRESS = 'Shop 12, Main Boulevard, Gulberg III, Lahore';
const USERS: readonly UserPlan[] = [
  {
    key: 'owner', business: 'kiryana', email: 'owner@demo.pk', type: 'Owner', name: 'Ahmed Raza Khan', limit: '0.00',
    mobileNo: '923001234567', helpNo: '+92 300 1234567', address: KIRYANA_ADDRESS, nic: '35202-1234567-1', deliveryId: 7001, customerId: 'CUST-100001',
  },
  {
    key: 'orderer', business: 'kiryana', email: 'orderer@demo.pk', type: 'Orderer', name: 'Bilal Ahmed Orderer', limit: '50000.00',
    mobileNo: '923011234568', helpNo: '+92 301 1234568', address: KIRYANA_ADDRESS, nic: '35202-2345678-3', deliveryId: 7001, customerId: 'CUST-100001',
  },
  {
    key: 'approver', business: 'kiryana', email: 'approver@demo.pk', type: 'Approver', name: 'Sana Tariq Approver', limit: '0.00',
    mobileNo: '923021234569', helpNo: '+92 302 1234569', address: KIRYANA_ADDRESS, nic: '35202-3456789-4', deliveryId: 7001, customerId: 'CUST-100001',
  },
  {
    key: 'credit', business: 'hotel', email: 'credit@demo.pk', type: 'Orderer', name: 'Usman Credit Manager', limit: '0.00',
    mobileNo: '923331234570', helpNo: '+92 333 1234570', address: 'Crescent Hotel, Plot 5, Jinnah Avenue, Blue Area, Islamabad',
    nic: '61101-4567890-5', deliveryId: 7201, customerId: 'CUST-200001',
  },
  {
    key: 'advance', business: 'office', email: 'advance@demo.pk', type: 'Owner', name: 'Kamran Ali Siddiqui', limit: '0.00',
    mobileNo: '923211234571', helpNo: '+92 321 1234571', address: 'Office 4, Zaibunnisa Street, Saddar, Karachi',
    nic: '42201-5678901-7', deliveryId: 7502, customerId: 'CUST-500001',
  },
];

export interface DemoBusiness {
  id: number;
  name: string;
  paymentMode: PaymentMode;
  paymentDays: number;
  cmId: string;
  /** Leaf business type, used to choose what it orders. */
  subType: string;
  /** Customer-specific prices by product id. */
  prices: Map<number, Paisa>;
}

export interface DemoUser {
  id: number;
  name: string;
  email: string;
  business: DemoBusiness;
  mobileNo: string;
  address: string;
  metroStoreId: number;
  deliveryId: number;
  customerId: string;
}

export interface DemoAccounts {
  businesses: Record<BusinessPlan['key'], DemoBusiness>;
  users: Record<UserKey, DemoUser>;
}

/** Locked prices 3-8% below the list price, on in-stock products not on sale that the business buys. */
function choosePrices(demo: readonly DemoProduct[], subType: string, count: number, salt: string): Map<number, Paisa> {
  const rng = new Random(hashSeed(DEMO_SEED, 'customer-prices', salt));
  const candidates = demo.filter(
    (p) => p.draft.stock > 0 && p.draft.salePrice === null && p.draft.leaf.level2.businessTypes.includes(subType),
  );
  const prices = new Map<number, Paisa>();
  for (const p of rng.shuffle(candidates).slice(0, count)) {
    const price = p.draft.price;
    prices.set(p.id, Math.min(price - 100, Math.round((price * (1 - rng.between(0.03, 0.08))) / 100) * 100));
  }
  return prices;
}

export async function insertAccounts(db: Db, places: PlaceIds, demo: readonly DemoProduct[], passwordHash: string): Promise<DemoAccounts> {
  const found = {} as DemoAccounts['businesses'];
  for (const b of BUSINESSES) {
    const area = areaOf(places, b.city, b.area);
    const [row] = await db
      .insert(businesses)
      .values({
        name: b.name,
        businessTypeId: businessTypeId(places, b.type),
        businessSubTypeId: businessTypeId(places, b.subType),
        paymentMode: b.paymentMode,
        advanceAmount: b.advanceAmount,
        creditLimit: b.creditLimit,
        paymentDays: b.paymentDays,
        cityId: area.cityId,
        areaId: area.id,
        storeId: area.storeId,
        latitude: b.latitude,
        longitude: b.longitude,
        cmId: b.cmId,
        // Trading customers the wholesaler knows: verified (issue 18), so their terms stand.
        verification: 'approved',
      })
      .returning({ id: businesses.id });
    found[b.key] = {
      id: (row as { id: number }).id,
      name: b.name,
      paymentMode: b.paymentMode,
      paymentDays: b.paymentDays,
      cmId: b.cmId,
      subType: b.subType,
      prices: new Map(),
    };
  }

  const users = {} as DemoAccounts['users'];
  for (const u of USERS) {
    const business = found[u.business];
    const plan = BUSINESSES.find((b) => b.key === u.business) as BusinessPlan;
    const area = areaOf(places, plan.city, plan.area);
    const [row] = await db
      .insert(businessUsers)
      .values({
        businessId: business.id,
        type: u.type,
        name: u.name,
        email: u.email,
        mobileNo: u.mobileNo,
        passwordHash,
        limit: u.limit,
        helpNo: u.helpNo,
        address: u.address,
        nationalIdentityCard: u.nic,
        metroStoreId: area.storeId,
        deliveryId: u.deliveryId,
        customerId: u.customerId,
        cmId: business.cmId,
        // Demo accounts are staff-made with a known password: their email counts as proven.
        emailProvenAt: new Date().toISOString(),
      })
      .returning({ id: businessUsers.id });
    users[u.key] = {
      id: (row as { id: number }).id,
      name: u.name,
      email: u.email,
      business,
      mobileNo: u.mobileNo,
      address: u.address,
      metroStoreId: area.storeId,
      deliveryId: u.deliveryId,
      customerId: u.customerId,
    };
  }

  found.kiryana.prices = choosePrices(demo, 'Kiryana Store', 40, 'kiryana');
  found.hotel.prices = choosePrices(demo, 'Hotel', 8, 'hotel');
  const priceRows = [found.kiryana, found.hotel].flatMap((b) =>
    [...b.prices].map(([productId, price]) => ({ businessId: b.id, productId, price: fromPaisa(price) })),
  );
  await db.insert(customerPrices).values(priceRows);
  return { businesses: found, users };
}
