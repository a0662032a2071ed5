import { z } from 'zod';
import { MoneySchema } from './catalogue.ts';
import { fromPaisa, toPaisa } from './money.ts';
import { UploadedPictureSchema } from './business-types.ts';

/**
 * The catalogue as staff edit it (issue 19, role Catalogue): one product's edit, and the bulk CSV
 * file. The rules of a product's fields are written here once; the edit route, the CSV import and
 * the staff screen all use them (docs/decisions/016-catalogue-editing.md).
 */

export const PRODUCT_NAME_MAX = 200;
/** A stock count above this is a typing mistake, not a warehouse. */
export const STOCK_MAX = 10_000_000;
/** Rows of one CSV file (10,000 are measured in bench/catalogue-import.ts). */
export const CSV_ROWS_MAX = 50_000;
/** Characters of one CSV file sent for preview or apply (about 50,000 rows of the full file). */
export const CSV_TEXT_MAX = 12_000_000;

const MONEY_INPUT = /^\d{1,9}(\.\d{1,2})?$/;
const MONEY_MESSAGE = 'must be an amount in rupees, like 1250 or 1250.50';
export const MoneyInputSchema = z.string().trim().regex(MONEY_INPUT, MONEY_MESSAGE);
export const ProductNameSchema = z.string().trim().min(1, 'must not be empty').max(PRODUCT_NAME_MAX, `must be at most ${PRODUCT_NAME_MAX} characters`);
export const StockSchema = z.number().int('must be a whole number').min(0, 'must be 0 or more').max(STOCK_MAX, `must be at most ${STOCK_MAX}`);
const Id = z.number().int().positive().max(2_147_483_647);

/**
 * The prices' rules, on a product's values after an edit: a sale price is below the price and above
 * zero, and the tax included in the price is not more than the price. Null when they hold, else the
 * reason a person reads.
 */
export function priceRuleError(v: { price: string; sale_price: string | null; tax: string }): string | null {
  const price = toPaisa(v.price);
  if (v.sale_price !== null) {
    const sale = toPaisa(v.sale_price);
    if (sale <= 0) return 'The sale price must be above zero (leave it empty when the product is not on sale).';
    if (sale >= price) return `The sale price (${v.sale_price}) must be below the price (${fromPaisa(price)}).`;
  }
  if (toPaisa(v.tax) > price) return `The tax (${v.tax}) must not be more than the price (${fromPaisa(price)}).`;
  return null;
}

/** The price before tax: what the product's sell_price column keeps (SPEC 3: price includes tax). */
export const sellPriceOf = (price: string, tax: string) => fromPaisa(toPaisa(price) - toPaisa(tax));

/** Money typed by a person, as the API writes it ("1250" -> "1250.00"). */
export const normalMoney = (value: string) => fromPaisa(toPaisa(value.trim()));

// ---- One product (GET/PATCH /api/staff/catalogue/products/:id) ----

export const StaffProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  /** The deepest category; tier1Id..tier4Id are it and its ancestors. */
  category_id: z.number().int(),
  category_path: z.string(),
  tier1Id: z.number().int(),
  tier2Id: z.number().int().nullable(),
  tier3Id: z.number().int().nullable(),
  tier4Id: z.number().int().nullable(),
  business_type_ids: z.array(z.number().int()),
  price: MoneySchema,
  sale: z.boolean(),
  sale_price: MoneySchema.nullable(),
  tax: MoneySchema,
  sell_price: MoneySchema,
  stock: z.number().int(),
  active: z.boolean(),
  url_name: z.string(),
  /** The marketplace products sold as this product (they follow its name, brand, categories and price). */
  marketplace_ids: z.array(z.number().int()),
});
export type StaffProduct = z.infer<typeof StaffProductSchema>;

export const StaffProductQuerySchema = z.strictObject({
  /** Words of the name, or a SKU. */
  search: z.string().trim().max(200).optional(),
  active: z.enum(['all', 'yes', 'no']).default('all'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type StaffProductQuery = z.infer<typeof StaffProductQuerySchema>;
export const StaffProductPageSchema = z.object({ products: z.array(StaffProductSchema), total: z.number().int() });
export type StaffProductPage = z.infer<typeof StaffProductPageSchema>;

/** An edit: only the fields that change. sale_price null takes the product off sale. */
export const ProductEditInputSchema = z
  .strictObject({
    name: ProductNameSchema.optional(),
    brand_id: Id.optional(),
    category_id: Id.optional(),
    business_type_ids: z.array(Id).max(100).refine((ids) => new Set(ids).size === ids.length, 'must not name a type twice').optional(),
    price: MoneyInputSchema.optional(),
    sale_price: MoneyInputSchema.nullable().optional(),
    tax: MoneyInputSchema.optional(),
    stock: StockSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send at least one field.');
export type ProductEditInput = z.infer<typeof ProductEditInputSchema>;

export const CatalogueOptionsSchema = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), level: z.number().int(), path: z.string() })),
  business_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CatalogueOptions = z.infer<typeof CatalogueOptionsSchema>;

// ---- The CSV file (import with preview, export) ----

/** The full file's columns, in the order an export writes them. */
export const CATALOGUE_CSV_COLUMNS = ['sku', 'name', 'brand', 'category', 'business_types', 'price', 'sale_price', 'tax', 'stock', 'active'] as const;
export type CatalogueColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
/** The daily stock update: only these two. */
export const STOCK_CSV_COLUMNS = ['sku', 'stock'] as const;
export const CATEGORY_PATH_SEPARATOR = ' > ';
export const BUSINESS_TYPE_SEPARATOR = '; ';

export type CsvKind = 'catalogue' | 'stock';
/** A product as the CSV writes it: every column as text, normalised (what an export writes). */
export type CsvValues = Partial<Record<CatalogueColumn, string>>;

/** A product's values as the full file writes them. */
export function productCsvValues(p: {
  sku: string;
  name: string;
  brand_name: string;
  category_path: string;
  business_type_names: readonly string[];
  price: string;
  sale: boolean;
  sale_price: string | null;
  tax: string;
  stock: number;
  active: boolean;
}): Record<CatalogueColumn, string> {
  return {
    sku: p.sku,
    name: p.name,
    brand: p.brand_name,
    category: p.category_path,
    business_types: [...p.business_type_names].sort().join(BUSINESS_TYPE_SEPARATOR),
    price: normalMoney(p.price),
    sale_price: p.sale && p.sale_price !== null && toPaisa(p.sale_price) > 0 ? normalMoney(p.sale_price) : '',
    tax: normalMoney(p.tax),
    stock: String(p.stock),
    active: p.active ? 'yes' : 'no',
  };
}

export class CsvFileError extends Error {}

/**
 * The header line: which kind of file it is and where each column is. Columns are matched without
 * regard to case or surrounding spaces; a missing or unknown column refuses the whole file.
 */
export function csvLayout(header: readonly string[]): { kind: CsvKind; columns: CatalogueColumn[] } {
  const names = header.map((h) => h.trim().toLowerCase().replace(/^\uFEFF/, ''));
  const isStock = names.length === 2 && names.includes('sku') && names.includes('stock');
  const wanted: readonly string[] = isStock ? STOCK_CSV_COLUMNS : CATALOGUE_CSV_COLUMNS;
  const unknown = names.filter((n) => !wanted.includes(n));
  const missing = wanted.filter((n) => !names.includes(n));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  const problems: string[] = [];
  if (unknown.length) problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}`);
  if (missing.length) problems.push(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  if (twice.length) problems.push(`column${twice.length > 1 ? 's' : ''} named twice: ${twice.join(', ')}`);
  if (problems.length) {
    throw new CsvFileError(
      `The first line must name the columns: ${CATALOGUE_CSV_COLUMNS.join(', ')} (or only sku, stock for a stock update); ${problems.join('; ')}.`,
    );
  }
  return { kind: isStock ? 'stock' : 'catalogue', columns: names as CatalogueColumn[] };
}

/** What the CSV's names point at, by name (brands, category paths, business types). */
export interface CsvLookups {
  brands: ReadonlyMap<string, number>;
  categories: ReadonlyMap<string, number>;
  businessTypes: ReadonlyMap<string, number>;
}

/** A row read and checked: its values as text (normalised) and the ids they name. */
export interface CsvRow {
  values: CsvValues;
  brandId?: number;
  categoryId?: number;
  businessTypeIds?: number[];
}

const key = (text: string) => text.trim().toLowerCase();
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A spreadsheet's protection against formulas (csvField's leading apostrophe) taken off again. */
const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/**
 * One data row of a file whose layout is known: its values normalised, or the reasons it cannot be
 * taken, each a sentence a person understands. `isNew`: the SKU is not in the catalogue (then every
 * column must be filled; a stock-only file cannot make products).
 */
export function readCsvRow(
  cells: readonly string[],
  layout: { kind: CsvKind; columns: readonly CatalogueColumn[] },
  lookups: CsvLookups,
  isNew: (sku: string) => boolean,
): { row: CsvRow } | { errors: string[] } {
  const raw: CsvValues = {};
  layout.columns.forEach((c, i) => {
    raw[c] = unguard((cells[i] ?? '').trim());
  });
  const errors: string[] = [];
  if (cells.length !== layout.columns.length) {
    errors.push(`It has ${cells.length} value${cells.length === 1 ? '' : 's'} where the first line names ${layout.columns.length} columns.`);
    return { errors };
  }
  const sku = raw.sku ?? '';
  if (!sku) return { errors: ['The SKU is empty.'] };
  if (sku.length > 60) errors.push('The SKU is longer than 60 characters.');
  const fresh = isNew(sku);
  if (layout.kind === 'stock' && fresh) return { errors: [`There is no product with SKU ${sku} (a stock file only changes stock).`] };
  const row: CsvRow = { values: { sku } };

  const stock = raw.stock ?? '';
  if (!/^\d{1,8}$/.test(stock) || Number(stock) > STOCK_MAX) errors.push(`The stock "${stock}" is not a whole number of pieces (0 or more).`);
  else row.values.stock = String(Number(stock));
  if (layout.kind === 'stock') return errors.length ? { errors } : { row };

  const name = raw.name ?? '';
  if (!name) errors.push('The name is empty.');
  else if (name.length > PRODUCT_NAME_MAX) errors.push(`The name is longer than ${PRODUCT_NAME_MAX} characters.`);
  else row.values.name = name;

  const brand = raw.brand ?? '';
  const brandId = lookups.brands.get(key(brand));
  if (!brand) errors.push('The brand is empty.');
  else if (brandId === undefined) errors.push(`There is no brand "${brand}" (add it under Brands first, or check the spelling).`);
  else {
    row.brandId = brandId;
    row.values.brand = brand;
  }

  const category = (raw.category ?? '').split('>').map((s) => s.trim()).filter(Boolean).join(CATEGORY_PATH_SEPARATOR);
  const categoryId = lookups.categories.get(key(category));
  if (!category) errors.push('The category is empty (write it as Food > Rice & Grains > Basmati Rice).');
  else if (categoryId === undefined) errors.push(`There is no category "${category}" (write the whole path, as Food > Rice & Grains > Basmati Rice).`);
  else {
    row.categoryId = categoryId;
    row.values.category = category;
  }

  const typeNames = (raw.business_types ?? '').split(';').map((s) => s.trim()).filter(Boolean);
  const unknownTypes = typeNames.filter((t) => !lookups.businessTypes.has(key(t)));
  if (unknownTypes.length) errors.push(`There is no business type ${unknownTypes.map((t) => `"${t}"`).join(', ')}.`);
  else {
    row.businessTypeIds = [...new Set(typeNames.map((t) => lookups.businessTypes.get(key(t)) as number))];
    row.values.business_types = [...new Set(typeNames)].sort().join(BUSINESS_TYPE_SEPARATOR);
  }

  const money = (column: 'price' | 'sale_price' | 'tax', label: string, optional = false) => {
    const text = (raw[column] ?? '').replace(/,/g, '');
    if (optional && text === '') {
      row.values[column] = '';
      return;
    }
    if (!MONEY_INPUT.test(text)) errors.push(`The ${label} "${raw[column] ?? ''}" is not an amount in rupees (like 1250 or 1250.50).`);
    else row.values[column] = normalMoney(text);
  };
  money('price', 'price');
  money('sale_price', 'sale price', true);
  money('tax', 'tax');
  const { price, sale_price, tax } = row.values;
  if (price !== undefined && sale_price !== undefined && tax !== undefined) {
    const problem = priceRuleError({ price, sale_price: sale_price === '' ? null : sale_price, tax });
    if (problem) errors.push(problem);
  }

  const active = key(raw.active ?? '');
  if (YES.has(active)) row.values.active = 'yes';
  else if (NO.has(active)) row.values.active = 'no';
  else errors.push(`Active must be yes or no, not "${raw.active ?? ''}".`);

  return errors.length ? { errors } : { row };
}

export interface FieldChange {
  field: CatalogueColumn;
  old: string;
  new: string;
}

/** The columns whose text differs, in the file's column order (an export read back has none). */
export function csvChanges(current: CsvValues, next: CsvValues): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of CATALOGUE_CSV_COLUMNS) {
    const value = next[field];
    if (value === undefined || field === 'sku') continue;
    const old = current[field] ?? '';
    if (old !== value) changes.push({ field, old, new: value });
  }
  return changes;
}

export const CsvPreviewInputSchema = z.strictObject({
  file_name: z.string().trim().min(1).max(200),
  csv: z.string().min(1, 'The file is empty.').max(CSV_TEXT_MAX, 'The file is too large (at most about 50,000 rows).'),
});
export const CsvApplyInputSchema = CsvPreviewInputSchema.extend({
  /** The preview's fingerprint: the file is applied only if it would still make exactly those changes. */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
});

export const CsvPreviewSchema = z.object({
  kind: z.enum(['catalogue', 'stock']),
  rows: z.number().int(),
  new_rows: z.array(z.object({ line: z.number().int(), sku: z.string(), name: z.string() })),
  changed: z.array(
    z.object({
      line: z.number().int(),
      sku: z.string(),
      name: z.string(),
      product_id: z.number().int(),
      changes: z.array(z.object({ field: z.enum(CATALOGUE_CSV_COLUMNS), old: z.string(), new: z.string() })),
    }),
  ),
  unchanged: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), sku: z.string(), reasons: z.array(z.string()) })),
  fingerprint: z.string(),
});
export type CsvPreview = z.infer<typeof CsvPreviewSchema>;

export const CatalogueBatchSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['import', 'stock', 'undo']),
  file_name: z.string(),
  staff_email: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  at: z.string(),
  /** The batch this one undid (kind undo). */
  undoes: z.number().int().nullable(),
  /** The batch that undid this one. */
  undone_by: z.number().int().nullable(),
});
export type CatalogueBatch = z.infer<typeof CatalogueBatchSchema>;

export const CSV_STALE_PREVIEW = 'The catalogue changed since this preview (or the file did). Preview the file again before applying it.';
export const CSV_HAS_ERRORS = 'The file has rows with errors. Fix them and preview the file again; nothing was changed.';

// ---- Categories and brands (issue 19) ----

export const CATEGORY_LEVEL_MAX = 4;
export const CategoryNameSchema = z.string().trim().min(2, 'must be at least 2 characters').max(80, 'must be at most 80 characters');
export const BrandNameSchema = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');

export const StaffCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Set when the category is made and kept through renames: its marketplace address stays. */
  slug: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
  sort_order: z.number().int(),
  path: z.string(),
  products: z.number().int(),
  /** The tile picture the storefront and marketplace show: uploaded (issue 35), or drawn art for a new category. */
  image: z.string().nullable(),
});
export type StaffCategory = z.infer<typeof StaffCategorySchema>;
/** Issue 35: a category's picture is uploaded (POST /api/staff/images/picture), never typed. */
export const CategoryPictureInputSchema = z.strictObject({ image: UploadedPictureSchema });
export const NewCategoryInputSchema = z.strictObject({ name: CategoryNameSchema, parent_id: Id.nullable() });
export const RenameCategoryInputSchema = z.strictObject({ name: CategoryNameSchema });
export const MoveCategoryInputSchema = z.strictObject({ direction: z.enum(['up', 'down']) });

export const StaffBrandSchema = z.object({ id: z.number().int(), name: z.string(), products: z.number().int(), marketplace_products: z.number().int() });
export type StaffBrand = z.infer<typeof StaffBrandSchema>;
export const BrandInputSchema = z.strictObject({ name: BrandNameSchema });
export const MergeBrandInputSchema = z.strictObject({ into_id: Id });

// Product images: product-images.ts (kept apart: the buyer's first load imports it).
