import * as business from './schema/business.ts';
import * as finance from './schema/finance.ts';
import * as catalogue from './schema/catalogue.ts';
import * as catalogueAdmin from './schema/catalogue-admin.ts';
import * as marketplace from './schema/marketplace.ts';
import * as orderDesk from './schema/order-desk.ts';
import * as orderLists from './schema/order-lists.ts';
import * as orders from './schema/orders.ts';
import * as places from './schema/places.ts';
import * as pricesContent from './schema/prices-content.ts';
import * as staff from './schema/staff.ts';
import * as support from './schema/support.ts';

export const schema = { ...business, ...catalogue, ...catalogueAdmin, ...finance, ...marketplace, ...orders, ...orderDesk, ...orderLists, ...places, ...pricesContent, ...staff, ...support };
export type Schema = typeof schema;
