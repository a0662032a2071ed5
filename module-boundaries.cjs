/**
 * Issue 17, decision 021 (docs/decisions/021-module-boundaries.md): which server module owns each
 * table, and the imports of another module's schema file still allowed, each with its reason.
 * .dependency-cruiser.cjs turns this into the rule "module-reads-only-own-tables" (npm run lint).
 *
 * A module reads and writes only its own tables and asks another module through that module's
 * service functions. The check works on files (dependency-cruiser sees imports, not names): a module
 * may import a schema file when it owns at least one table in it. Files that hold tables of several
 * owners are marked `mixed`; splitting them is listed as left to do in decision 021.
 *
 * Scope: apps/server/src/modules/<module>/ except tests (*.test.ts build fixtures and check rows of any
 * table). lib/, seed/, cli/ and db/ are infrastructure, not modules.
 */

/** schema file (apps/server/src/db/schema/) -> table -> owning module (a folder of apps/server/src/modules). */
const tableOwners = {
  'business.ts': {
    // "accounts": a business and its users (registration in auth writes them, staff decide them in businesses).
    businesses: 'businesses',
    business_users: 'businesses',
    customer_prices: 'prices',
    uploads: 'uploads',
  },
  'catalogue.ts': {
    categories: 'catalogue',
    brands: 'catalogue',
    products: 'catalogue',
    product_business_types: 'catalogue',
    // Staff edit banners in content (content.service.ts); the file being mixed, content may import it
    // whole, so its read of categories (a banner's category) is not caught: split the file (decision 021).
    banners: 'content',
    catalogue_versions: 'catalogue',
    catalogue_changes: 'catalogue',
  },
  'catalogue-admin.ts': {
    catalogue_batches: 'catalogue-admin',
    catalogue_batch_rows: 'catalogue-admin',
    // The marketplace's old slugs (SQL names keep bmpl_: decision 022).
    bmpl_slug_redirects: 'marketplace',
  },
  'finance.ts': {
    receipts: 'finance',
    credit_notes: 'finance',
    cheque_clearances: 'finance',
    ledger_postings: 'finance',
    ledger_allocations: 'finance',
    credit_hold_releases: 'finance',
  },
  'marketplace.ts': { bmpl_products: 'marketplace', bmpl_product_cities: 'marketplace' },
  'order-desk.ts': {
    order_events: 'order-desk',
    order_notes: 'order-desk',
    delivery_runs: 'order-desk',
    delivery_run_orders: 'order-desk',
    staff_saved_views: 'order-desk',
    // Issue 36: buyers' requests to cancel or change an order; the desk answers them.
    order_change_requests: 'order-desk',
  },
  'order-lists.ts': { order_lists: 'reorder', order_list_items: 'reorder' },
  // order_revisions (issue 37): the total of each version of a Pending order its Orderer changed.
  'orders.ts': { orders: 'orders', order_revisions: 'orders', order_details: 'orders', invoices: 'orders', ledgers: 'orders' },
  // Reference data (seeded, written by no module): owned by businesses, whose records point at them.
  // Issue 35: the Admin keeps the cities and their areas (modules/places); business types stay with businesses.
  'places.ts': { cities: 'places', areas: 'places', business_types: 'businesses' },
  'prices-content.ts': {
    city_prices: 'prices',
    quantity_prices: 'prices',
    ticker_messages: 'content',
    info_pages: 'content',
    site_settings: 'content',
    feedback_entries: 'feedback-inbox',
  },
  'staff.ts': {
    staff_users: 'staff-auth',
    staff_sessions: 'staff-auth',
    staff_recovery_codes: 'staff-auth',
    // Shared infrastructure: every staff module writes audit entries through audit.service.ts.
    audit_log: 'audit',
  },
  'support.ts': {
    feedback: 'feedback',
    reset_codes: 'auth',
    // Infrastructure in lib/ (mailer, buyer sessions), not a module: no module imports them.
    outbox: 'lib',
    sessions: 'lib',
  },
};

/** Schema files without tables: column helpers (createdAt, money, isoTime) any module may import. */
const sharedSchemaFiles = ['common.ts'];

/**
 * Imports of another module's schema file still allowed. Each names the importing file (not the
 * module: a new file in the same module is a new violation), the schema file, the tables it uses and why.
 * Kinds of reason: "one statement" (a join that must stay one SQL statement, for speed or atomicity),
 * "not yet moved" (to be replaced by a call to the owner's service).
 */
const allowed = [
  { from: 'apps/server/src/modules/catalogue/pricing.service.ts', schema: 'business.ts', tables: ['businesses', 'customer_prices'], reason: 'one statement: the displayed price (SPEC 9, decision 019) is an SQL expression joined into every listing, cart and order statement; the business\'s city and its locked price are subqueries of it, not a second round trip per page' },
  { from: 'apps/server/src/modules/catalogue/pricing.service.ts', schema: 'prices-content.ts', tables: ['city_prices', 'quantity_prices'], reason: 'one statement: as above, the city price and quantity thresholds in effect are subqueries of the price expression' },
  { from: 'apps/server/src/modules/catalogue/listing-sql.ts', schema: 'business.ts', tables: ['customer_prices'], reason: 'one statement: a price sort or range over locked prices is evaluated in the listing query (indexes of migration 0005)' },
  { from: 'apps/server/src/modules/catalogue/listing.service.ts', schema: 'business.ts', tables: ['customer_prices'], reason: 'one statement: as listing-sql.ts' },
  { from: 'apps/server/src/modules/catalogue/listing.service.ts', schema: 'places.ts', tables: ['business_types'], reason: 'one statement: visibility by business type is a join of the listing query' },
  { from: 'apps/server/src/modules/catalogue/catalogue-index.ts', schema: 'business.ts', tables: ['customer_prices'], reason: 'not yet moved: the in-memory copy loads locked prices itself; issue 17\'s change feed will take them from the prices module' },
  { from: 'apps/server/src/modules/catalogue/reference.service.ts', schema: 'places.ts', tables: ['business_types'], reason: 'not yet moved: the filter list of business types (reference data), to be read through a businesses service' },
  { from: 'apps/server/src/modules/catalogue-admin/catalogue-write.ts', schema: 'catalogue.ts', tables: ['products', 'categories', 'brands', 'product_business_types'], reason: 'not yet moved: the staff write side of the catalogue; issue 17 moves writes behind a catalogue write service with the change feed' },
  { from: 'apps/server/src/modules/catalogue-admin/catalogue-write.ts', schema: 'places.ts', tables: ['business_types'], reason: 'not yet moved: checks the business types a product is shown to exist' },
  { from: 'apps/server/src/modules/catalogue-admin/categories-brands.service.ts', schema: 'catalogue.ts', tables: ['categories', 'brands', 'products'], reason: 'not yet moved: as catalogue-write.ts' },
  { from: 'apps/server/src/modules/catalogue-admin/categories-brands.service.ts', schema: 'marketplace.ts', tables: ['bmpl_products'], reason: 'one transaction, not yet moved: merging a brand renames it on marketplace products in the same transaction; the marketplace module was being renamed when this was written' },
  { from: 'apps/server/src/modules/marketplace/marketplace.service.ts', schema: 'catalogue.ts', tables: ['brands', 'categories'], reason: 'not yet moved: the marketplace (then modules/bmpl) was being renamed when the rule came (decision 022)' },
  { from: 'apps/server/src/modules/marketplace/marketplace.service.ts', schema: 'places.ts', tables: ['cities'], reason: 'not yet moved: as above (the rename, decision 022)' },
  { from: 'apps/server/src/modules/auth/auth.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'not yet moved: sign-in reads the user with its business in one statement per request; to become a businesses service' },
  { from: 'apps/server/src/modules/auth/auth.service.ts', schema: 'places.ts', tables: ['cities'], reason: 'not yet moved: the session user\'s city name, same statement' },
  { from: 'apps/server/src/modules/auth/register.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'not yet moved, one transaction: registration creates the business and its owner together' },
  { from: 'apps/server/src/modules/auth/register.service.ts', schema: 'places.ts', tables: ['cities', 'areas', 'business_types'], reason: 'not yet moved: the sign-up page\'s choices (reference data)' },
  { from: 'apps/server/src/modules/auth/reset.service.ts', schema: 'business.ts', tables: ['business_users'], reason: 'not yet moved: the password reset finds and updates the user' },
  { from: 'apps/server/src/modules/accounts-read/accounts-read.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'not yet moved: GET /api/read/Businesses and BusinessUsers' },
  { from: 'apps/server/src/modules/order-desk/queue.service.ts', schema: 'business.ts', tables: ['businesses'], reason: 'one statement: the queue\'s search by business name and its pages are one query over a million orders (bench/order-queue.ts, p95 < 100 ms)' },
  { from: 'apps/server/src/modules/order-desk/queue.service.ts', schema: 'orders.ts', tables: ['orders'], reason: 'one statement: as above; the queue is a read model over orders' },
  { from: 'apps/server/src/modules/order-desk/order-moves.service.ts', schema: 'orders.ts', tables: ['orders', 'order_details'], reason: 'one transaction, not yet moved: a staff move updates the order, its lines, its event and the ledger together' },
  { from: 'apps/server/src/modules/ledgers/ledgers.service.ts', schema: 'orders.ts', tables: ['invoices', 'ledgers'], reason: 'not yet moved: ledgers and invoices are defined in orders.ts but written here; the file is to be split (ledgers owning them)' },
  { from: 'apps/server/src/modules/feedback-inbox/feedback-inbox.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'reporting join: the inbox page shows who sent each message, one statement per page' },
  { from: 'apps/server/src/modules/feedback-inbox/feedback-inbox.service.ts', schema: 'staff.ts', tables: ['staff_users'], reason: 'reporting join: the assignee\'s name, and the list of staff to assign to' },
  { from: 'apps/server/src/modules/feedback-inbox/feedback-inbox.service.ts', schema: 'support.ts', tables: ['feedback'], reason: 'not yet moved: staff read and assign buyers\' feedback; to be a feedback service' },
  // Issue 35: the first-run checklist counts rows of each owner's tables and writes nothing.
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'places.ts', tables: ['cities', 'areas', 'business_types'], reason: 'reporting: the first-run checklist is one statement of counts over the reference data, the catalogue, the staff and the content' },
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'catalogue.ts', tables: ['categories', 'products', 'banners'], reason: 'reporting: as above' },
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'prices-content.ts', tables: ['ticker_messages'], reason: 'reporting: as above' },
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'staff.ts', tables: ['staff_users'], reason: 'reporting: as above (who can sign in for the desk and Finance)' },
  { from: 'apps/server/src/modules/staff-accounts/staff-accounts.service.ts', schema: 'staff.ts', tables: ['staff_users', 'staff_recovery_codes'], reason: 'not yet moved: staff administration writes staff-auth\'s tables; to be a staff-auth service' },
  { from: 'apps/server/src/modules/content/content.service.ts', schema: 'places.ts', tables: ['cities'], reason: 'reporting join: the city name of each banner and ticker message on the staff content pages' },
];

/**
 * Issue 38: SQL text naming another module's table still allowed. dependency-cruiser sees imports only;
 * scripts/check-sql-tables.mjs (npm run lint) reads the SQL text of every module (`sql` templates and
 * `sql.raw` literals: `from`, `join`, `update`, `into`, `table.column`) and fails on a table the file's
 * module does not own unless an entry here names the file and the table, and on an entry that no longer
 * matches anything (so the list only shrinks). The way out of an entry is decision 021's: the owner
 * exports a fragment over its own tables (`businessCountSql`, `documentCountSql`) or a service taking the
 * caller's transaction. Kinds of reason as above, and "ownership": the table is the file's in all but the
 * map, which issue 38's modules by data will change.
 */
const sqlAllowed = [
  // The catalogue's staff side (issue 38 joins catalogue-admin to the catalogue module, which owns these tables).
  { from: 'apps/server/src/modules/catalogue-admin/business-type-products.service.ts', tables: ['product_business_types', 'products'], reason: 'not yet moved: the staff side of which products a business type is offered (counts, the type\'s products by name, retyping a category\'s products), as its import exception of catalogue-write.ts' },
  { from: 'apps/server/src/modules/catalogue-admin/catalogue-admin.service.ts', tables: ['products', 'bmpl_products'], reason: 'not yet moved: the staff product finder (by SKU or words of the name, a page and its count) and, per product, the marketplace products sold as it, one statement per page' },
  { from: 'apps/server/src/modules/catalogue-admin/catalogue-import.service.ts', tables: ['staff_users', 'products'], reason: 'reporting join: the list of import batches shows who ran each (staff_users\' email); not yet moved: the CSV export reads every product id (products)' },
  { from: 'apps/server/src/modules/catalogue-admin/catalogue-write.ts', tables: ['products', 'product_business_types', 'bmpl_products', 'bmpl_slug_redirects'], reason: 'not yet moved: the staff write side of the catalogue (products and the business types they are offered to); one transaction: a product renamed or moved is followed by the marketplace products sold as it (name, brand, categories, slug and the old slug\'s redirect) in the same transaction (decision 019)' },
  { from: 'apps/server/src/modules/catalogue-admin/categories-brands.service.ts', tables: ['categories', 'brands', 'products', 'bmpl_products'], reason: 'not yet moved: the staff edits of categories and brands (their products counted, moved, renamed); one transaction: a brand renamed or merged is renamed on the marketplace products too' },
  { from: 'apps/server/src/modules/catalogue-admin/product-images.service.ts', tables: ['products', 'bmpl_products'], reason: 'not yet moved: a product\'s picture; one transaction: the marketplace products sold as it get the same picture with it' },
  // Finance: ledgers and invoices are defined in orders.ts and owned by orders in tableOwners, but posted and read here.
  { from: 'apps/server/src/modules/finance/postings.service.ts', tables: ['ledgers', 'invoices', 'businesses'], reason: 'ownership: ledgers and invoices are finance\'s in all but the map (holdFactsSql and ledgerEntries read them; orders\' credit check composes holdFactsSql); issue 38 makes finance their owner. businesses: businessExists checks the business and reads its name inside the posting\'s transaction' },
  { from: 'apps/server/src/modules/finance/aging.service.ts', tables: ['ledgers', 'businesses'], reason: 'one statement: the aging summary is one query over every business with a balance (its name and payment mode) and its open ledger entries; ledgers: ownership, as postings.service.ts' },
  { from: 'apps/server/src/modules/finance/finance-reads.service.ts', tables: ['businesses', 'cities', 'ledgers', 'invoices', 'staff_users', 'orders'], reason: 'reporting join: Finance\'s business search, receipts and account show the business (name, city, terms), who recorded a receipt (staff_users), the invoice number of each entry and the open Credit orders (orders), one statement per page; ledgers and invoices: ownership, as postings.service.ts' },
  { from: 'apps/server/src/modules/finance/finance-writes.service.ts', tables: ['ledgers', 'invoices'], reason: 'ownership, as postings.service.ts: a credit note reads the entry it credits (and its invoice number) in the transaction that posts it' },
  { from: 'apps/server/src/modules/finance/statements.service.ts', tables: ['businesses'], reason: 'one statement: a statement\'s head is the business\'s name with its opening and closing balances (not found when there is no such business)' },
  { from: 'apps/server/src/modules/marketplace/marketplace.service.ts', tables: ['cities'], reason: 'reporting join: a marketplace product page lists its record in each active city by the city\'s name, one statement (as its import exception of places.ts)' },
  // The order desk: a read model over orders and the businesses that placed them (issue 38 moves the desk into orders).
  { from: 'apps/server/src/modules/order-desk/queue.service.ts', tables: ['cities', 'areas', 'order_details'], reason: 'one statement: the queue filters by city and shows each order\'s city, area and line count in its one query over a million orders (bench/order-queue.ts), as its import exceptions' },
  { from: 'apps/server/src/modules/order-desk/desk-order.service.ts', tables: ['orders', 'order_details', 'products', 'businesses', 'business_users', 'cities', 'areas', 'ledgers', 'staff_users'], reason: 'one statement: the desk\'s order page is one JSON query: the order, its lines with SKUs, its history and notes with the staff\'s names, the business with its city, area and outstanding amount, and the orderer' },
  { from: 'apps/server/src/modules/order-desk/delivery-runs.service.ts', tables: ['orders', 'order_details', 'products', 'businesses', 'cities', 'areas'], reason: 'one transaction: a new run locks its orders and reads their status, business, city and area under the lock; reporting join: a run\'s orders with their areas, and the picking list\'s SKUs summed over the orders\' lines, one statement each' },
  { from: 'apps/server/src/modules/order-desk/order-moves.service.ts', tables: ['business_users'], reason: 'not yet moved: the mail after a staff move reads the orderer\'s email and name in the move\'s transaction; to be a businesses service' },
  { from: 'apps/server/src/modules/orders/credit.service.ts', tables: ['businesses'], reason: 'one statement: the credit check reads the business\'s credit limit with its hold facts, open Credit orders and the Idempotency-Key\'s order in one round trip, in the order\'s transaction' },
  { from: 'apps/server/src/modules/places/places.service.ts', tables: ['city_prices', 'quantity_prices', 'banners', 'ticker_messages', 'bmpl_product_cities', 'delivery_runs'], reason: 'reporting: before a city is deleted, one statement in the delete\'s transaction counts what still names it in each owner\'s table, for the words of the refusal ("in use (1 area, 1 business)"); the businesses are counted by the businesses module\'s businessCountSql' },
  // Prices: the staff price screens and the marketplace's prices follow the catalogue's products.
  { from: 'apps/server/src/modules/prices/prices.service.ts', tables: ['products', 'businesses', 'cities', 'catalogue_versions'], reason: 'reporting join: the price lists, the price check and the pickers show business, city and product names; one transaction: a price write locks its product row (two staff cannot make two prices in effect at once) and checks its business and city; catalogue_versions: a scheduled price that starts or ends raises the counter the catalogue copies follow (decision 017), as the triggers do for a write' },
  { from: 'apps/server/src/modules/prices/city-price.service.ts', tables: ['products', 'bmpl_products', 'bmpl_product_cities'], reason: 'one statement: the marketplace city records sold as storefront products, with the product\'s prices and its city prices and thresholds in effect, read together to refresh what the marketplace shows (decision 019; the writes are the marketplace module\'s writeCityRecordPrices)' },
  { from: 'apps/server/src/modules/staff-accounts/staff-accounts.service.ts', tables: ['staff_users'], reason: 'not yet moved: the last-Admin check counts the other active Admins in the staff update\'s transaction (as its import exception of staff.ts); issue 38 joins staff-accounts and staff-auth' },
];

/** Owners of a schema file: every module owning one of its tables. */
const ownersOf = (file) => [...new Set(Object.values(tableOwners[file]))];

module.exports = { tableOwners, sharedSchemaFiles, allowed, sqlAllowed, ownersOf };
