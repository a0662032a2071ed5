import { brands } from '../../src/db/schema/catalogue.ts';
import type { Row } from './row.ts';
import { get, staffOnly } from './staff-rows.ts';

/** Products, the CSV file, prices, the feedback inbox and content (issue 19). */
export const STAFF_CATALOGUE_ROWS: Row[] = [
  // Issue 19, products and the CSV file: the Catalogue role reads and writes; the others get 403.
  { route: 'GET /api/staff/catalogue/options', case: 'brands, categories and business types', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/options') },
  { route: 'GET /api/staff/catalogue/products', case: 'find products by SKU or name', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/products?search=rice') },
  { route: 'GET /api/staff/catalogue/products/:id', case: 'one product as staff edit it', expect: staffOnly({ staffCatalogue: 200 }), request: (w) => get(`/api/staff/catalogue/products/${w.productIds[0]}`)() },
  {
    route: 'PATCH /api/staff/catalogue/products/:id',
    case: 'edit a product that does not exist (nothing changes, 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PATCH', url: '/api/staff/catalogue/products/999999', payload: { stock: 5 } }),
  },
  {
    route: 'POST /api/staff/catalogue/imports/preview',
    case: 'preview a stock file (changes nothing)',
    expect: staffOnly({ staffCatalogue: 200 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/imports/preview', payload: { file_name: 'stock.csv', csv: 'sku,stock\nNO-SUCH-SKU,5\n' } }),
  },
  {
    route: 'POST /api/staff/catalogue/imports',
    case: "apply a file with another preview's fingerprint (nothing changes, 409)",
    expect: staffOnly({ staffCatalogue: 409 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/imports', payload: { file_name: 'stock.csv', csv: 'sku,stock\n', fingerprint: '0'.repeat(64) } }),
  },
  { route: 'GET /api/staff/catalogue/imports', case: 'the last imports and undos', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/imports') },
  {
    route: 'POST /api/staff/catalogue/imports/:id/undo',
    case: 'undo an import that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/imports/999999/undo' }),
  },
  { route: 'GET /api/staff/catalogue/export.csv', case: 'the catalogue as CSV', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/export.csv?kind=stock') },
  { route: 'GET /api/staff/catalogue/categories', case: 'the category tree', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/categories') },
  {
    route: 'POST /api/staff/catalogue/categories',
    case: 'add a category under one that does not exist (nothing changes, 400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/categories', payload: { name: 'Matrix Category', parent_id: 999999 } }),
  },
  {
    route: 'PATCH /api/staff/catalogue/categories/:id',
    case: 'rename a category that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PATCH', url: '/api/staff/catalogue/categories/999999', payload: { name: 'Matrix Category' } }),
  },
  {
    route: 'POST /api/staff/catalogue/categories/:id/move',
    case: 'move a category that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/categories/999999/move', payload: { direction: 'up' } }),
  },
  {
    route: 'PUT /api/staff/catalogue/categories/:id/picture',
    case: 'set the picture of a category that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PUT', url: '/api/staff/catalogue/categories/999999/picture', payload: { image: '/storage/art/tile/retail.svg' } }),
  },
  { route: 'GET /api/staff/catalogue/brands', case: 'every brand', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/catalogue/brands') },
  {
    route: 'POST /api/staff/catalogue/brands',
    case: 'add a brand whose name exists (nothing changes, 409)',
    expect: staffOnly({ staffCatalogue: 409 }),
    request: async (w) => {
      const [b] = await w.t.database.db.select({ name: brands.name }).from(brands).limit(1);
      return { method: 'POST', url: '/api/staff/catalogue/brands', payload: { name: b?.name ?? 'x' } };
    },
  },
  {
    route: 'PATCH /api/staff/catalogue/brands/:id',
    case: 'rename a brand that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PATCH', url: '/api/staff/catalogue/brands/999999', payload: { name: 'Matrix Brand' } }),
  },
  {
    route: 'POST /api/staff/catalogue/brands/:id/merge',
    case: 'merge a brand that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/brands/999999/merge', payload: { into_id: 1 } }),
  },
  {
    route: 'POST /api/staff/catalogue/products/:id/image',
    case: 'a photo for a product that does not exist (nothing stored, 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/catalogue/products/999999/image', headers: { 'content-type': 'image/png' }, payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) }),
  },
  { route: 'GET /api/staff/dashboard', case: "the home page's figures (each as the roles allow)", expect: staffOnly(200), request: get('/api/staff/dashboard') },
  // Issue 19, prices: Catalogue sets them; the Order desk and Finance read them and run the price check; Admin gets 403.
  { route: 'GET /api/staff/prices', case: 'customer prices', expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }), request: get('/api/staff/prices?kind=customer') },
  {
    route: 'POST /api/staff/prices',
    case: 'add a city price (unknown product: 400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/prices', payload: { kind: 'city', city: 'Lahore', product_id: 999_999, price: '100' } }),
  },
  {
    route: 'POST /api/staff/prices/:kind/:id/end',
    case: 'end a price (unknown: 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/prices/customer/999999/end', payload: {} }),
  },
  {
    route: 'POST /api/staff/prices/check',
    case: "what the Owner's cart is charged for a product",
    expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }),
    request: (w) => ({ method: 'POST', url: '/api/staff/prices/check', payload: { business_id: w.users.owner.businessId, product_id: w.productIds[0], quantity: 3 } }),
  },
  { route: 'GET /api/staff/prices/businesses', case: 'find a business for a price', expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }), request: get('/api/staff/prices/businesses?search=Demo') },
  // Issue 19, feedback inbox: the Order desk only.
  { route: 'GET /api/staff/feedback', case: 'the inbox', expect: staffOnly({ staffDesk: 200 }), request: get('/api/staff/feedback') },
  { route: 'GET /api/staff/feedback/assignees', case: 'who may be given feedback', expect: staffOnly({ staffDesk: 200 }), request: get('/api/staff/feedback/assignees') },
  { route: 'GET /api/staff/feedback/:id', case: 'a message (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: get('/api/staff/feedback/999999') },
  { route: 'PATCH /api/staff/feedback/:id', case: 'set the status (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: () => ({ method: 'PATCH', url: '/api/staff/feedback/999999', payload: { status: 'done' } }) },
  { route: 'POST /api/staff/feedback/:id/notes', case: 'add a note (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: () => ({ method: 'POST', url: '/api/staff/feedback/999999/notes', payload: { body: 'x' } }) },
  { route: 'POST /api/staff/feedback/:id/reply', case: 'reply by mail (unknown: 404)', expect: staffOnly({ staffDesk: 404 }), request: () => ({ method: 'POST', url: '/api/staff/feedback/999999/reply', payload: { body: 'x' } }) },
  // Issue 19, content: Catalogue only.
  { route: 'GET /api/staff/content/banners', case: 'every banner', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/content/banners') },
  {
    route: 'POST /api/staff/content/banners',
    case: 'add a banner of an unknown category (400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/content/banners', payload: { name: 'Category_Banners', category_id: 999_999, title: 'x', image: '/storage/art/desktop/x.svg', is_mobile: false, sort_order: 0 } }),
  },
  {
    route: 'PUT /api/staff/content/banners/:id',
    case: 'change an unknown banner (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PUT', url: '/api/staff/content/banners/999999', payload: { name: 'Bmpl_Banners', title: 'x', image: '/storage/art/desktop/x.svg', is_mobile: false, sort_order: 0 } }),
  },
  // Issue 35: pictures are uploaded (a banner needs content.write, a category or business-type picture catalogue.write).
  {
    route: 'POST /api/staff/images/:kind',
    case: 'upload a banner that is not a picture (nothing stored, 400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/images/banner', headers: { 'content-type': 'image/png' }, payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }),
  },
  // Issue 35: business types (Catalogue).
  { route: 'GET /api/staff/business-types', case: 'every business type with what uses it', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/business-types') },
  {
    route: 'POST /api/staff/business-types',
    case: 'add a type under one that does not exist (nothing changes, 400)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/business-types', payload: { name: 'Matrix Type', parent_id: 999_999, sort_order: 0 } }),
  },
  {
    route: 'PUT /api/staff/business-types/:id',
    case: 'change a type that does not exist (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PUT', url: '/api/staff/business-types/999999', payload: { name: 'Matrix Type', sort_order: 0 } }),
  },
  { route: 'DELETE /api/staff/business-types/:id', case: 'delete a type that does not exist (404)', expect: staffOnly({ staffCatalogue: 404 }), request: () => ({ method: 'DELETE', url: '/api/staff/business-types/999999' }) },
  { route: 'GET /api/staff/business-types/:id/products', case: "an unknown type's products (404)", expect: staffOnly({ staffCatalogue: 404 }), request: get('/api/staff/business-types/999999/products') },
  {
    route: 'POST /api/staff/business-types/:id/products',
    case: 'offer products to a type that does not exist (nothing changes, 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/business-types/999999/products', payload: { action: 'add', product_ids: [1] } }),
  },
  { route: 'GET /api/staff/content/ticker', case: 'every ticker message', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/content/ticker') },
  {
    route: 'POST /api/staff/content/ticker',
    case: 'add a ticker message for an unknown city (400: the cities are the database\'s)',
    expect: staffOnly({ staffCatalogue: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/content/ticker', payload: { text: 'x', city: 'Paris', sort_order: 0 } }),
  },
  {
    route: 'PUT /api/staff/content/ticker/:id',
    case: 'change an unknown ticker message (404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'PUT', url: '/api/staff/content/ticker/999999', payload: { text: 'x', sort_order: 0 } }),
  },
  { route: 'POST /api/staff/content/ticker/:id/end', case: 'end an unknown ticker message (404)', expect: staffOnly({ staffCatalogue: 404 }), request: () => ({ method: 'POST', url: '/api/staff/content/ticker/999999/end' }) },
  { route: 'GET /api/staff/content/pages', case: 'the information pages', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/content/pages') },
  {
    route: 'PUT /api/staff/content/pages/:slug',
    case: 'save a page over a newer version (409)',
    expect: staffOnly({ staffCatalogue: 409 }),
    request: () => ({ method: 'PUT', url: '/api/staff/content/pages/faqs', payload: { title: 'FAQs', body: 'x', version: 999 } }),
  },
  {
    route: 'PUT /api/staff/content/help-number',
    case: 'a help number that is no phone number (400 for all: checked first)',
    expect: staffOnly(400),
    request: () => ({ method: 'PUT', url: '/api/staff/content/help-number', payload: { help_no: 'x' } }),
  },
  { route: 'GET /api/staff/prices/products', case: 'find a product for a price', expect: staffOnly({ staffDesk: 200, staffFinance: 200, staffCatalogue: 200 }), request: get('/api/staff/prices/products?search=rice') },
  // Issue 35: the marketplace's listing per city (Catalogue).
  { route: 'GET /api/staff/marketplace', case: 'what the marketplace lists per city and category', expect: staffOnly({ staffCatalogue: 200 }), request: get('/api/staff/marketplace') },
  {
    route: 'GET /api/staff/marketplace/cities/:id/products',
    case: "an unknown city's listed products (404)",
    expect: staffOnly({ staffCatalogue: 404 }),
    request: get('/api/staff/marketplace/cities/999999/products'),
  },
  {
    route: 'GET /api/staff/marketplace/candidates',
    case: 'storefront products to list, with where each is listed',
    expect: staffOnly({ staffCatalogue: 200 }),
    request: get('/api/staff/marketplace/candidates?search=rice'),
  },
  {
    route: 'POST /api/staff/marketplace/listings',
    case: 'list a product in a city that does not exist (nothing changes, 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: (w) => ({ method: 'POST', url: '/api/staff/marketplace/listings', payload: { city_ids: [999999], product_ids: [w.productIds[0]] } }),
  },
  {
    route: 'POST /api/staff/marketplace/listings/remove',
    case: 'take a category out of a city that does not exist (nothing changes, 404)',
    expect: staffOnly({ staffCatalogue: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/marketplace/listings/remove', payload: { city_ids: [999999], category_id: 1 } }),
  },
];
