import {
  BrandInputSchema,
  MergeBrandInputSchema,
  MoveCategoryInputSchema,
  NewCategoryInputSchema,
  RenameCategoryInputSchema,
  StaffBrandSchema,
  StaffCategorySchema,
  CategoryPictureInputSchema,
  CatalogueBatchSchema,
  CatalogueOptionsSchema,
  CsvApplyInputSchema,
  CsvPreviewInputSchema,
  CsvPreviewSchema,
  ProductEditInputSchema,
  StaffProductPageSchema,
  StaffProductQuerySchema,
  StaffProductSchema,
} from '@shop/domain/catalogue-admin';
import { IMAGE_NOT_AN_IMAGE, PRODUCT_IMAGE_MAX_BYTES } from '@shop/domain/product-images';
import type { StaffCapability } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { catalogueOptions, editProduct, findStaffProducts, readStaffProduct, type StaffActor } from './catalogue-admin.service.ts';
import { addBrand, addCategory, listBrands, listCategories, mergeBrand, moveCategory, renameBrand, renameCategory, setCategoryPicture } from './categories-brands.service.ts';
import { localFileStore } from '../../lib/file-store.ts';
import { acceptImageBodies } from '../../lib/image-body.ts';
import { badRequest as badRequestOf, notFound } from '../../lib/http-error.ts';
import { uploadsDir } from '../uploads/uploads.service.ts';
import { readProductImage, uploadProductImage } from './product-images.service.ts';
import { applyCsv, exportCsv, listBatches, previewCsv, undoBatch } from './catalogue-import.service.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const IdParams = z.object({ id: Id });
const tags = ['staff: catalogue'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });
/** A CSV of 50,000 rows sent as JSON (CSV_TEXT_MAX characters, escaped). */
const CSV_BODY_LIMIT = 16 * 1024 * 1024;
const BatchResultSchema = z.object({ batch_id: z.number().int(), created: z.number().int(), updated: z.number().int() });

function actor(request: FastifyRequest, capability: StaffCapability): StaffActor {
  const staff = requireStaff(request, capability);
  return { staffId: staff.staffId, ip: request.ip };
}

/** Issue 19: products, the CSV import and export (role Catalogue). */
export async function catalogueAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('/api/staff/catalogue/options', { schema: { tags, summary: 'Brands, categories (as paths) and business types to choose from', response: ok(CatalogueOptionsSchema) } }, async (request) => {
    actor(request, 'catalogue.read');
    return { data: await catalogueOptions(db) };
  });

  r.get(
    '/api/staff/catalogue/products',
    { schema: { tags, summary: 'Find products by SKU or words of the name (inactive ones too)', querystring: StaffProductQuerySchema, response: ok(StaffProductPageSchema) } },
    async (request) => {
      actor(request, 'catalogue.read');
      return { data: await findStaffProducts(db, request.query) };
    },
  );

  r.get('/api/staff/catalogue/products/:id', { schema: { tags, summary: 'One product as staff edit it', params: IdParams, response: ok(StaffProductSchema) } }, async (request) => {
    actor(request, 'catalogue.read');
    return { data: await readStaffProduct(db, request.params.id) };
  });

  r.patch(
    '/api/staff/catalogue/products/:id',
    {
      schema: {
        tags,
        summary: 'Edit a product (only the fields sent); audited; shows on the storefront and in the marketplace within 2 s',
        params: IdParams,
        body: ProductEditInputSchema,
        response: ok(StaffProductSchema),
      },
    },
    async (request) => ({ data: await editProduct(db, actor(request, 'catalogue.write'), request.params.id, request.body) }),
  );

  r.post(
    '/api/staff/catalogue/imports/preview',
    { bodyLimit: CSV_BODY_LIMIT, schema: { tags, summary: 'What a CSV file would change (new, changed with old → new, unchanged, errors by line); changes nothing', body: CsvPreviewInputSchema, response: ok(CsvPreviewSchema) } },
    async (request) => {
      actor(request, 'catalogue.write');
      return { data: await previewCsv(db, request.body.csv) };
    },
  );

  r.post(
    '/api/staff/catalogue/imports',
    {
      bodyLimit: CSV_BODY_LIMIT,
      schema: { tags, summary: "Apply a previewed CSV file in one transaction, as one audited batch (409 when the preview's changes are no longer what it would do)", body: CsvApplyInputSchema, response: ok(BatchResultSchema) },
    },
    async (request) => ({ data: await applyCsv(db, actor(request, 'catalogue.write'), request.body) }),
  );

  r.get('/api/staff/catalogue/imports', { schema: { tags, summary: 'The last 50 imports and undos', response: ok(z.array(CatalogueBatchSchema)) } }, async (request) => {
    actor(request, 'catalogue.read');
    return { data: await listBatches(db) };
  });

  r.post(
    '/api/staff/catalogue/imports/:id/undo',
    { schema: { tags, summary: 'Undo an import by a reverse batch (409 when its products changed again since)', params: IdParams, response: ok(BatchResultSchema) } },
    async (request) => ({ data: await undoBatch(db, actor(request, 'catalogue.write'), request.params.id) }),
  );

  r.get(
    '/api/staff/catalogue/export.csv',
    { schema: { tags, summary: 'The catalogue as CSV, in the columns the import reads (kind=stock: sku and stock only)', querystring: z.object({ kind: z.enum(['catalogue', 'stock']).default('catalogue') }) } },
    async (request, reply) => {
      actor(request, 'catalogue.read');
      const csv = await exportCsv(db, request.query.kind);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.query.kind}-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  // Categories and brands (issue 19).
  r.get('/api/staff/catalogue/categories', { schema: { tags, summary: 'Every category in tree order, with its slug and active products', response: ok(z.array(StaffCategorySchema)) } }, async (request) => {
    actor(request, 'catalogue.read');
    return { data: await listCategories(db) };
  });
  r.post('/api/staff/catalogue/categories', { schema: { tags, summary: 'Add a category (its slug is made from the name, once)', body: NewCategoryInputSchema, response: ok(z.array(StaffCategorySchema)) } }, async (request) => {
    await addCategory(db, actor(request, 'catalogue.write'), request.body);
    return { data: await listCategories(db) };
  });
  r.patch('/api/staff/catalogue/categories/:id', { schema: { tags, summary: 'Rename a category (its slug and address stay)', params: IdParams, body: RenameCategoryInputSchema, response: ok(z.array(StaffCategorySchema)) } }, async (request) => {
    await renameCategory(db, actor(request, 'catalogue.write'), request.params.id, request.body.name);
    return { data: await listCategories(db) };
  });
  r.put(
    '/api/staff/catalogue/categories/:id/picture',
    { schema: { tags, summary: "Set the category's tile picture: the address an upload to /api/staff/images/picture answered", params: IdParams, body: CategoryPictureInputSchema, response: ok(z.array(StaffCategorySchema)) } },
    async (request) => {
      await setCategoryPicture(db, deps.files ?? localFileStore(uploadsDir(deps.config.DATA_DIR)), actor(request, 'catalogue.write'), request.params.id, request.body.image);
      return { data: await listCategories(db) };
    },
  );
  r.post('/api/staff/catalogue/categories/:id/move', { schema: { tags, summary: 'Move a category one place up or down among its siblings', params: IdParams, body: MoveCategoryInputSchema, response: ok(z.array(StaffCategorySchema)) } }, async (request) => {
    await moveCategory(db, actor(request, 'catalogue.write'), request.params.id, request.body.direction);
    return { data: await listCategories(db) };
  });
  r.get('/api/staff/catalogue/brands', { schema: { tags, summary: 'Every brand with its products', response: ok(z.array(StaffBrandSchema)) } }, async (request) => {
    actor(request, 'catalogue.read');
    return { data: await listBrands(db) };
  });
  r.post('/api/staff/catalogue/brands', { schema: { tags, summary: 'Add a brand', body: BrandInputSchema, response: ok(z.array(StaffBrandSchema)) } }, async (request) => {
    await addBrand(db, actor(request, 'catalogue.write'), request.body.name);
    return { data: await listBrands(db) };
  });
  r.patch('/api/staff/catalogue/brands/:id', { schema: { tags, summary: 'Rename a brand (every product shows the new name)', params: IdParams, body: BrandInputSchema, response: ok(z.array(StaffBrandSchema)) } }, async (request) => {
    await renameBrand(db, actor(request, 'catalogue.write'), request.params.id, request.body.name);
    return { data: await listBrands(db) };
  });
  r.post('/api/staff/catalogue/brands/:id/merge', { schema: { tags, summary: "Merge a brand into another: its products move, it is removed", params: IdParams, body: MergeBrandInputSchema, response: ok(z.array(StaffBrandSchema)) } }, async (request) => {
    await mergeBrand(db, actor(request, 'catalogue.write'), request.params.id, request.body.into_id);
    return { data: await listBrands(db) };
  });

  // Product images (issue 19): the photo's bytes as the body (image/png, image/jpeg or image/webp).
  const files = deps.files ?? localFileStore(uploadsDir(deps.config.DATA_DIR));
  await app.register(async (scope) => {
    acceptImageBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/staff/catalogue/products/:id/image',
      { bodyLimit: PRODUCT_IMAGE_MAX_BYTES, schema: { tags, summary: "Upload the product's photo (PNG, JPEG or WebP bytes); it is served in 160, 320 and 640 px as WebP and AVIF", params: IdParams, response: ok(StaffProductSchema) } },
      async (request) => {
        const who = actor(request, 'catalogue.write');
        if (!Buffer.isBuffer(request.body)) throw badRequestOf(IMAGE_NOT_AN_IMAGE);
        await uploadProductImage(db, files, who, request.params.id, request.body);
        return { data: await readStaffProduct(db, request.params.id) };
      },
    );
  });
  r.get(
    '/api/product-images/:file',
    { schema: { tags: ['catalogue'], summary: 'A product photo in one width and format (public, cached for a year: names are never reused)', params: z.object({ file: z.string().max(120) }) } },
    async (request, reply) => {
      const image = await readProductImage(files, request.params.file);
      if (!image) throw notFound('There is no such image.');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}
