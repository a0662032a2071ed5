import type { Row } from './row.ts';
import { get, staffOnly } from './staff-rows.ts';

const city = { name: 'Lahore', active: true, delivery_days: [1, 3, 5], cutoff_time: '18:00' };
const area = { name: 'Matrix Area', store_id: 901, active: true };
const csv = { file_name: 'areas.csv', csv: 'city,area,store_id\r\nNowhere,Matrix Area,901\r\n' };

/** Issue 35: cities and their areas (Admin, settings.write). Writes here change nothing (404, 409 or an apply refused). */
export const STAFF_PLACES_ROWS: Row[] = [
  { route: 'GET /api/staff/cities', case: 'every city with what uses it', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/cities') },
  {
    route: 'POST /api/staff/cities',
    case: 'add a city whose name is taken (nothing changes, 409)',
    expect: staffOnly({ staffAdmin: 409 }),
    request: () => ({ method: 'POST', url: '/api/staff/cities', payload: { ...city, name: 'lahore' } }),
  },
  { route: 'PUT /api/staff/cities/:id', case: 'change a city that does not exist (404)', expect: staffOnly({ staffAdmin: 404 }), request: () => ({ method: 'PUT', url: '/api/staff/cities/999999', payload: city }) },
  { route: 'DELETE /api/staff/cities/:id', case: 'delete a city that does not exist (404)', expect: staffOnly({ staffAdmin: 404 }), request: () => ({ method: 'DELETE', url: '/api/staff/cities/999999' }) },
  { route: 'GET /api/staff/cities/:id/areas', case: "an unknown city's areas (404)", expect: staffOnly({ staffAdmin: 404 }), request: get('/api/staff/cities/999999/areas') },
  {
    route: 'POST /api/staff/cities/:id/areas',
    case: 'add an area to a city that does not exist (404)',
    expect: staffOnly({ staffAdmin: 404 }),
    request: () => ({ method: 'POST', url: '/api/staff/cities/999999/areas', payload: area }),
  },
  {
    route: 'PUT /api/staff/cities/:id/areas/:areaId',
    case: 'change an area that does not exist (404)',
    expect: staffOnly({ staffAdmin: 404 }),
    request: () => ({ method: 'PUT', url: '/api/staff/cities/999999/areas/999999', payload: area }),
  },
  {
    route: 'DELETE /api/staff/cities/:id/areas/:areaId',
    case: 'delete an area that does not exist (404)',
    expect: staffOnly({ staffAdmin: 404 }),
    request: () => ({ method: 'DELETE', url: '/api/staff/cities/999999/areas/999999' }),
  },
  {
    route: 'POST /api/staff/areas/imports/preview',
    case: 'preview an areas file naming an unknown city (changes nothing)',
    expect: staffOnly({ staffAdmin: 200 }),
    request: () => ({ method: 'POST', url: '/api/staff/areas/imports/preview', payload: csv }),
  },
  {
    route: 'POST /api/staff/areas/imports',
    case: 'apply an areas file with a bad row (nothing changes, 400)',
    expect: staffOnly({ staffAdmin: 400 }),
    request: () => ({ method: 'POST', url: '/api/staff/areas/imports', payload: { ...csv, fingerprint: '0'.repeat(64) } }),
  },
  { route: 'GET /api/staff/areas/export.csv', case: 'every area as CSV', expect: staffOnly({ staffAdmin: 200 }), request: get('/api/staff/areas/export.csv') },
];
