// The Catalogue role's door to the staff API (issue 19): same-origin session cookie, CSRF token on writes.
import type { CatalogueBatch, CatalogueOptions, CsvPreview, ProductEditInput, StaffBrand, StaffCategory, StaffProduct, StaffProductPage } from '@shop/domain/catalogue-admin';
import { staffApi, staffUrl } from '../staff-api.ts';

export const cataloguePaths = {
  products: '/staff/catalogue/products',
  product: (id: number) => `/staff/catalogue/products/${id}`,
  imports: '/staff/catalogue/imports',
  tree: '/staff/catalogue/categories',
};

type BatchResult = { batch_id: number; created: number; updated: number };

export const catalogueApi = {
  options: () => staffApi<CatalogueOptions>('/api/staff/catalogue/options'),
  products: (search: string, offset = 0) => staffApi<StaffProductPage>(staffUrl('/api/staff/catalogue/products', { search, offset, limit: 50 })),
  product: (id: number) => staffApi<StaffProduct>(`/api/staff/catalogue/products/${id}`),
  edit: (id: number, input: ProductEditInput) => staffApi<StaffProduct>(`/api/staff/catalogue/products/${id}`, { method: 'PATCH', body: input }),
  preview: (file_name: string, csv: string) => staffApi<CsvPreview>('/api/staff/catalogue/imports/preview', { body: { file_name, csv } }),
  apply: (file_name: string, csv: string, fingerprint: string) => staffApi<BatchResult>('/api/staff/catalogue/imports', { body: { file_name, csv, fingerprint } }),
  batches: () => staffApi<CatalogueBatch[]>('/api/staff/catalogue/imports'),
  undo: (id: number) => staffApi<BatchResult>(`/api/staff/catalogue/imports/${id}/undo`, { method: 'POST' }),
  categories: () => staffApi<StaffCategory[]>('/api/staff/catalogue/categories'),
  addCategory: (name: string, parent_id: number | null) => staffApi<StaffCategory[]>('/api/staff/catalogue/categories', { body: { name, parent_id } }),
  renameCategory: (id: number, name: string) => staffApi<StaffCategory[]>(`/api/staff/catalogue/categories/${id}`, { method: 'PATCH', body: { name } }),
  setCategoryPicture: (id: number, image: string) => staffApi<StaffCategory[]>(`/api/staff/catalogue/categories/${id}/picture`, { method: 'PUT', body: { image } }),
  moveCategory: (id: number, direction: 'up' | 'down') => staffApi<StaffCategory[]>(`/api/staff/catalogue/categories/${id}/move`, { body: { direction } }),
  brands: () => staffApi<StaffBrand[]>('/api/staff/catalogue/brands'),
  addBrand: (name: string) => staffApi<StaffBrand[]>('/api/staff/catalogue/brands', { body: { name } }),
  renameBrand: (id: number, name: string) => staffApi<StaffBrand[]>(`/api/staff/catalogue/brands/${id}`, { method: 'PATCH', body: { name } }),
  mergeBrand: (id: number, into_id: number) => staffApi<StaffBrand[]>(`/api/staff/catalogue/brands/${id}/merge`, { body: { into_id } }),
  exportUrl: (kind: 'catalogue' | 'stock') => staffUrl('/api/staff/catalogue/export.csv', { kind }),
};

/** Rs. with two decimals, as staff type and read prices. */
export const rupees = (amount: string) => `Rs. ${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
