import { zodResolver } from '@hookform/resolvers/zod';
import { type CatalogueOptions, MoneyInputSchema, normalMoney, PRODUCT_NAME_MAX, priceRuleError, type ProductEditInput, ProductNameSchema, type StaffProduct } from '@shop/domain/catalogue-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { useStaffSession } from '../staff-session.tsx';
import { catalogueApi, cataloguePaths, rupees } from './catalogue-client.ts';
import { PhotoPanel } from './photo-panel.tsx';

// What the person types; the prices' rules (packages/domain) are checked on the whole form, as the server checks them.
const FormSchema = z
  .object({
    name: ProductNameSchema,
    brand_id: z.string().min(1, 'Choose a brand'),
    category_id: z.string().min(1, 'Choose a category'),
    business_type_ids: z.array(z.string()),
    price: MoneyInputSchema,
    sale_price: z.union([z.literal(''), MoneyInputSchema]),
    tax: MoneyInputSchema,
    stock: z.string().trim().regex(/^\d{1,8}$/, 'must be a whole number of pieces (0 or more)'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const problem = priceRuleError({ price: v.price, sale_price: v.sale_price === '' ? null : v.sale_price, tax: v.tax });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.startsWith('The tax') ? 'tax' : 'sale_price'], message: problem });
  });
type Form = z.infer<typeof FormSchema>;

const formValues = (p: StaffProduct): Form => ({
  name: p.name,
  brand_id: String(p.brand_id),
  category_id: String(p.category_id),
  business_type_ids: p.business_type_ids.map(String),
  price: p.price,
  sale_price: p.sale_price ?? '',
  tax: p.tax,
  stock: String(p.stock),
  active: p.active,
});

/** Only what the person changed: one audited edit on the server. */
function changes(p: StaffProduct, v: Form): ProductEditInput {
  const out: ProductEditInput = {};
  if (v.name.trim() !== p.name) out.name = v.name.trim();
  if (Number(v.brand_id) !== p.brand_id) out.brand_id = Number(v.brand_id);
  if (Number(v.category_id) !== p.category_id) out.category_id = Number(v.category_id);
  const types = v.business_type_ids.map(Number).sort((a, b) => a - b);
  if (types.join(',') !== p.business_type_ids.join(',')) out.business_type_ids = types;
  if (normalMoney(v.price) !== p.price) out.price = v.price;
  const sale = v.sale_price === '' ? null : normalMoney(v.sale_price);
  if (sale !== p.sale_price) out.sale_price = sale === null ? null : v.sale_price;
  if (normalMoney(v.tax) !== p.tax) out.tax = v.tax;
  if (Number(v.stock) !== p.stock) out.stock = Number(v.stock);
  if (v.active !== p.active) out.active = v.active;
  return out;
}

/** Issue 19: one product's edit (name, brand, category tiers, business types, prices, tax, stock, active). */
export function ProductPage() {
  const id = Number(useParams().id);
  const product = useQuery({ queryKey: ['staff', 'catalogue', 'product', id], queryFn: () => catalogueApi.product(id) });
  const options = useQuery({ queryKey: ['staff', 'catalogue', 'options'], queryFn: catalogueApi.options, staleTime: 60_000 });
  return (
    <div className="flex flex-col gap-3 p-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link className={btn.link} to={cataloguePaths.products}>
          Products
        </Link>
      </nav>
      <ErrorLine error={product.error ?? options.error} />
      {product.data && options.data ? <ProductForm key={product.data.id} product={product.data} options={options.data} /> : <p className="text-sm text-slate-500">Loading…</p>}
      {product.data ? <PhotoPanel product={product.data} /> : null}
    </div>
  );
}

function ProductForm({ product, options }: { product: StaffProduct; options: CatalogueOptions }) {
  const canWrite = useStaffSession().can('catalogue.write');
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(FormSchema), values: formValues(product) });
  const save = useMutation({
    mutationFn: (input: ProductEditInput) => catalogueApi.edit(product.id, input),
    onSuccess: (p) => {
      queryClient.setQueryData(['staff', 'catalogue', 'product', p.id], p);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue', 'products'] });
      setSaved('Saved. The storefront and the marketplace show it within 2 seconds.');
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((v) => {
    setSaved(null);
    const input = changes(product, v);
    if (Object.keys(input).length === 0) setSaved('Nothing changed.');
    else save.mutate(input);
  });
  const error = (name: keyof Form) => (errors[name]?.message ? <span className="text-sm font-normal text-rose-800">{String(errors[name]?.message)}</span> : null);
  const invalid = (name: keyof Form) => (errors[name] ? true : undefined);
  return (
    <form noValidate aria-label="Product" onSubmit={submit} className="flex flex-col gap-3">
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold">{product.name}</h1>
        <span className="font-mono text-sm text-slate-600">SKU {product.sku}</span>
        {!product.active ? <span className="rounded bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-900">Inactive: not listed or sold</span> : null}
      </header>
      <fieldset disabled={!canWrite || save.isPending} className="grid grid-cols-1 gap-3 xl:grid-cols-2">
        <Panel title="Product">
          <div className="flex flex-col gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Name
              <input className={field} maxLength={PRODUCT_NAME_MAX} {...form.register('name')} aria-invalid={invalid('name')} />
              {error('name')}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Brand
              <select className={field} {...form.register('brand_id')}>
                {options.brands.map((b) => (
                  <option key={b.id} value={String(b.id)}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Category (its tiers above it follow)
              <select className={field} {...form.register('category_id')}>
                {options.categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.path}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="flex flex-col gap-1">
              <legend className="text-sm font-medium">Business types it is offered to</legend>
              <div className="grid grid-cols-2 gap-1 2xl:grid-cols-3">
                {options.business_types.map((t) => (
                  <label key={t.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" value={String(t.id)} {...form.register('business_type_ids')} />
                    {t.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" {...form.register('active')} />
              Active (listed and sold)
            </label>
          </div>
        </Panel>
        <Panel title="Price and stock">
          <div className="grid grid-cols-2 gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Price (Rs., tax included)
              <input className={field} inputMode="decimal" {...form.register('price')} aria-invalid={invalid('price')} />
              {error('price')}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Sale price (Rs., empty: not on sale)
              <input className={field} inputMode="decimal" {...form.register('sale_price')} aria-invalid={invalid('sale_price')} />
              {error('sale_price')}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Tax included (Rs.)
              <input className={field} inputMode="decimal" {...form.register('tax')} aria-invalid={invalid('tax')} />
              {error('tax')}
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Stock (pieces)
              <input className={field} inputMode="numeric" {...form.register('stock')} aria-invalid={invalid('stock')} />
              {error('stock')}
            </label>
            <p className="col-span-2 text-sm text-slate-600">
              Price before tax: {rupees(product.sell_price)}.{' '}
              {product.marketplace_ids.length > 0
                ? 'Also sold in the marketplace: its name, brand and categories follow this product, and a price change moves every city’s price by the same amount.'
                : 'Not sold in the marketplace.'}
            </p>
          </div>
        </Panel>
      </fieldset>
      <ErrorLine error={save.error} />
      {saved ? (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {saved}
        </p>
      ) : null}
      {canWrite ? (
        <div>
          <button type="submit" className={btn.primary} disabled={save.isPending}>
            Save changes
          </button>
        </div>
      ) : null}
    </form>
  );
}
