import { CATEGORY_PATH_SEPARATOR, type StaffCategory } from '@shop/domain/catalogue-admin';
import { DEFAULT_CATEGORY } from '@shop/domain/constants';
import { BANNER_PLACE_LABELS, BANNER_PLACES, type BannerInput, type StaffBanner } from '@shop/domain/content';
import { formatKarachiDateTime } from '@shop/domain/karachi-time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ComboOption, StaffCombobox } from '../combobox.tsx';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { PictureUpload } from '../picture-upload.tsx';
import { staffApi } from '../staff-api.ts';
import { useCityNames } from '../../lib/city.ts';

const when = (v: string | null) => (v ? formatKarachiDateTime(v) : '—');
/** A banner as its form sends it back (the server's own schema checks it). */
const inputOf = (b: StaffBanner, change: Partial<BannerInput> = {}) => ({
  name: b.name,
  title: b.title,
  image: b.image,
  is_mobile: b.is_mobile,
  link: b.link,
  city: b.city,
  category_id: b.category_id,
  sort_order: b.sort_order,
  enable: b.enable,
  starts_at: b.starts_at ? b.starts_at.slice(0, 16) : null,
  ends_at: b.ends_at ? b.ends_at.slice(0, 16) : null,
  ...change,
});

/** Issue 19: home and category banners per city, with their times and order (role Catalogue); issue 35: images uploaded, categories by name. */
export function BannersPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['staff', 'banners'], queryFn: () => staffApi<StaffBanner[]>('/api/staff/content/banners') });
  // Issue 35: a category banner shows on a marketplace category page: the Food level-2 categories, by name.
  const categoryList = useQuery({ queryKey: ['staff', 'catalogue', 'categories'], queryFn: () => staffApi<StaffCategory[]>('/api/staff/catalogue/categories') });
  const categories = useMemo(
    () => (categoryList.data ?? []).filter((c) => c.level === 2 && c.path.startsWith(`${DEFAULT_CATEGORY}${CATEGORY_PATH_SEPARATOR}`)).map((c) => ({ id: c.id, label: c.name })),
    [categoryList.data],
  );
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.label ?? `category ${id}`;
  const toggle = useMutation({
    mutationFn: (b: StaffBanner) => staffApi<StaffBanner>(`/api/staff/content/banners/${b.id}`, { method: 'PUT', body: inputOf(b, { enable: !b.enable }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'banners'] }),
  });
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Banners</h1>
      <p className="text-sm text-slate-600">A banner shows in its city (or every city) from its start until its end, in its order; the storefront has it within 2 seconds.</p>
      <ErrorLine error={list.error ?? toggle.error} />
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label="Banners">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">Banner</th>
              <th scope="col" className="px-2 py-2">Place</th>
              <th scope="col" className="px-2 py-2">City</th>
              <th scope="col" className="px-2 py-2">Screen</th>
              <th scope="col" className="px-2 py-2 text-right">Order</th>
              <th scope="col" className="px-2 py-2">From</th>
              <th scope="col" className="px-2 py-2">Until</th>
              <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((b) => (
              <tr key={b.id} className={`border-t border-slate-100 ${b.enable ? '' : 'text-slate-400'}`}>
                <td className="px-2 py-1.5">
                  <img src={b.image} alt="" className="mr-2 inline h-8 w-24 rounded object-cover align-middle" />
                  {b.title || <span className="text-slate-500">(no title)</span>}
                </td>
                <td className="px-2 py-1.5">{BANNER_PLACE_LABELS[b.name as keyof typeof BANNER_PLACE_LABELS] ?? b.name}{b.category_id ? `: ${categoryName(b.category_id)}` : ''}</td>
                <td className="px-2 py-1.5">{b.city ?? 'Every city'}</td>
                <td className="px-2 py-1.5">{b.is_mobile ? 'Phone' : 'Desktop'}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{b.sort_order}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{when(b.starts_at)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{when(b.ends_at)}</td>
                <td className="px-2 py-1.5 text-right">
                  <button type="button" className={btn.secondary} disabled={toggle.isPending} aria-label={`${b.enable ? 'Hide' : 'Show'} banner ${b.title || b.id}`} onClick={() => toggle.mutate(b)}>
                    {b.enable ? 'Hide' : 'Show'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AddBannerForm categories={categories} />
    </div>
  );
}

const DEFAULT_LINK: Record<(typeof BANNER_PLACES)[number], string> = { Bmpl_Banners: '/bmpl', Bmpl_Featured: '/bmpl', Bmpl_Popular: '/bmpl', Home_Banners: '/home', Category_Banners: '/bmpl' };

function AddBannerForm({ categories }: { categories: ComboOption[] }) {
  const client = useQueryClient();
  const cityNames = useCityNames();
  const [v, setV] = useState({ name: 'Home_Banners' as (typeof BANNER_PLACES)[number], title: '', is_mobile: false, link: '/home', city: '', sort_order: '1', starts_at: '', ends_at: '' });
  const [image, setImage] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));
  const add = useMutation({
    mutationFn: () => {
      // The server's own checks decide; these only say sooner what it would say.
      if (!image) throw new Error('Upload the banner image first.');
      if (v.name === 'Category_Banners' && categoryId == null) throw new Error('Choose the category whose page shows the banner.');
      return staffApi<StaffBanner>('/api/staff/content/banners', {
        body: {
          name: v.name,
          title: v.title,
          image,
          is_mobile: v.is_mobile,
          link: v.link || null,
          city: v.city || null,
          category_id: v.name === 'Category_Banners' ? categoryId : null,
          sort_order: Number(v.sort_order) || 0,
          starts_at: v.starts_at || null,
          ends_at: v.ends_at || null,
        },
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'banners'] }),
  });
  return (
    <Panel title="Add a banner">
      <form
        aria-label="Add a banner"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <PictureUpload kind="banner" label="Banner image" value={image} onChange={setImage} previewClass={v.is_mobile ? 'h-24 w-36' : 'h-20 w-80'} />
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Place
            <select
              className={field}
              value={v.name}
              onChange={(e) => {
                const name = e.target.value as (typeof BANNER_PLACES)[number];
                setV((old) => ({ ...old, name, link: old.link === DEFAULT_LINK[old.name] ? DEFAULT_LINK[name] : old.link }));
              }}
            >
              {BANNER_PLACES.map((p) => (
                <option key={p} value={p}>
                  {BANNER_PLACE_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          {v.name === 'Category_Banners' ? <StaffCombobox label="Category" options={categories} value={categoryId} onChange={setCategoryId} placeholder="Type a category's name" /> : null}
          <label className="flex flex-col gap-1 text-sm font-medium">
            Title (read aloud)
            <input className={`${field} w-56`} value={v.title} maxLength={120} onChange={set('title')} />
          </label>
          <label className="flex items-center gap-1.5 text-sm font-medium">
            <input type="checkbox" checked={v.is_mobile} onChange={(e) => setV((o) => ({ ...o, is_mobile: e.target.checked }))} />
            For phones
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Link
            <input className={`${field} w-40`} value={v.link} maxLength={300} onChange={set('link')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            City
            <select className={field} value={v.city} onChange={set('city')}>
              <option value="">Every city</option>
              {cityNames.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Order
            <input className={`${field} w-20`} inputMode="numeric" value={v.sort_order} onChange={set('sort_order')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Shows from (Pakistan time)
            <input type="datetime-local" className={field} value={v.starts_at} onChange={set('starts_at')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Shows until
            <input type="datetime-local" className={field} value={v.ends_at} onChange={set('ends_at')} />
          </label>
          <button type="submit" className={btn.primary} disabled={add.isPending}>
            Add banner
          </button>
        </div>
        <div className="w-full">
          <ErrorLine error={add.error} />
          {add.isSuccess ? (
            <p role="status" className="text-sm text-emerald-800">
              Banner added: it shows on the {BANNER_PLACE_LABELS[add.data.name as (typeof BANNER_PLACES)[number]]?.toLowerCase() ?? 'page'} {add.data.city ? `in ${add.data.city}` : 'in every city'} from its start.
            </p>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
