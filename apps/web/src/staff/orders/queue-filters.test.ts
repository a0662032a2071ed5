import { describe, expect, it } from 'vitest';
import { bulkStepOf, filtersFromSearch, searchFromFilters, withFilter } from './queue-filters.ts';

describe('queue filters in the URL (issue 16)', () => {
  it('reads the filters the API takes and drops values it would refuse', () => {
    const f = filtersFromSearch(new URLSearchParams('status=Arrange&city=Lahore&area_id=7&from=2026-11-01&to=nonsense&payment_mode=Barter&q=%20Kiryana%20&pending_hours=0&junk=1'));
    expect(f).toEqual({ status: 'Arrange', city: 'Lahore', area_id: 7, from: '2026-11-01', q: 'Kiryana' });
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
  });

  it('a new city clears the area; pending hours mean Pending; another status drops the hours', () => {
    const lahore = withFilter({ city: 'Lahore', area_id: 3 }, 'city', 'Karachi');
    expect(lahore).toEqual({ city: 'Karachi' });
    const stale = withFilter({ status: 'In Process' }, 'pending_hours', '48');
    expect(stale).toEqual({ status: 'Pending', pending_hours: 48 });
    expect(withFilter(stale, 'status', 'Arrange')).toEqual({ status: 'Arrange' });
    expect(withFilter({ q: 'x' }, 'q', undefined)).toEqual({});
  });
});

describe("the bulk bar's next step (issue 16)", () => {
  it('moves a selection of one status one step forward, never to Rejected', () => {
    expect(bulkStepOf([{ status: 'In Process' }, { status: 'In Process' }])).toEqual({ from: 'In Process', to: 'Arrange' });
    expect(bulkStepOf([{ status: 'Arrange' }])).toEqual({ from: 'Arrange', to: 'Shipping' });
    expect(bulkStepOf([{ status: 'Shipping' }])).toEqual({ from: 'Shipping', to: 'Delivered' });
  });

  it('says why when the selection cannot move', () => {
    expect(bulkStepOf([])).toMatchObject({ to: null });
    expect(bulkStepOf([{ status: 'In Process' }, { status: 'Arrange' }])).toMatchObject({ to: null, why: expect.stringContaining('mixes In Process, Arrange') });
    expect(bulkStepOf([{ status: 'Pending' }])).toMatchObject({ to: null, why: "Pending orders wait for the buyer's Approver." });
    expect(bulkStepOf([{ status: 'Delivered' }])).toMatchObject({ to: null, why: 'Delivered orders do not move further.' });
    expect(bulkStepOf([{ status: 'Rejected' }])).toMatchObject({ to: null });
  });
});
