// The Admin's door to the cities and areas (issue 35): same-origin session cookie, CSRF token on writes.
import type { AreaCsvPreview, AreaInput, CityInput, StaffArea, StaffCity } from '@shop/domain/places';
import { staffApi, staffUrl } from '../staff-api.ts';

export const placesPaths = {
  cities: '/staff/admin/cities',
  city: (id: number) => `/staff/admin/cities/${id}`,
  import: '/staff/admin/areas-import',
};

export const placesApi = {
  cities: () => staffApi<StaffCity[]>('/api/staff/cities'),
  addCity: (input: CityInput) => staffApi<StaffCity>('/api/staff/cities', { body: input }),
  changeCity: (id: number, input: CityInput) => staffApi<StaffCity>(`/api/staff/cities/${id}`, { method: 'PUT', body: input }),
  deleteCity: (id: number) => staffApi<StaffCity[]>(`/api/staff/cities/${id}`, { method: 'DELETE' }),
  areas: (cityId: number) => staffApi<StaffArea[]>(`/api/staff/cities/${cityId}/areas`),
  addArea: (cityId: number, input: AreaInput) => staffApi<StaffArea>(`/api/staff/cities/${cityId}/areas`, { body: input }),
  changeArea: (cityId: number, id: number, input: AreaInput) => staffApi<StaffArea>(`/api/staff/cities/${cityId}/areas/${id}`, { method: 'PUT', body: input }),
  deleteArea: (cityId: number, id: number) => staffApi<StaffArea[]>(`/api/staff/cities/${cityId}/areas/${id}`, { method: 'DELETE' }),
  preview: (file_name: string, csv: string) => staffApi<AreaCsvPreview>('/api/staff/areas/imports/preview', { body: { file_name, csv } }),
  apply: (file_name: string, csv: string, fingerprint: string) => staffApi<{ created: number; updated: number }>('/api/staff/areas/imports', { body: { file_name, csv, fingerprint } }),
  exportUrl: (cityId?: number) => staffUrl('/api/staff/areas/export.csv', { city_id: cityId }),
};
