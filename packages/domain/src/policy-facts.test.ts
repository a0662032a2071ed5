import { describe, expect, it } from 'vitest';
import {
  CHANGE_REQUEST_WINDOW_MS,
  type CityOrderPolicy,
  changeRequestRefusal,
  DeliveryDaySchema,
  deliveryDayChoices,
  deliveryDayRefusal,
  earliestDeliveryDay,
  formatDeliveryDay,
  minimumOrderRefusal,
  minimumOrderShortfall,
  ORDER_REFERENCE_TOO_LONG,
  OrderReferenceSchema,
} from './policy-facts.ts';
import { CityInputSchema } from './places.ts';

// Monday 23 November 2026; Pakistan is UTC+5 all year.
const pkt = (day: string, time: string) => new Date(`${day}T${time}:00+05:00`);
const lahore: CityOrderPolicy = { city: 'Lahore', min_order_value: '30000.00', delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '18:00' };

describe('minimum order value per city (issue 36, SPEC 9)', () => {
  it('says how much more is needed, rounded up to whole rupees, and nothing once it is reached or when there is none', () => {
    expect(minimumOrderShortfall(2_900_000, '30000.00')).toBe(100_000);
    expect(minimumOrderRefusal(lahore, 2_900_000)).toBe('The minimum order in Lahore is Rs. 30,000. Add Rs. 1,000 more to place this order.');
    // 50 paisa short: adding Rs. 1 reaches it (never "Add Rs. 0 more").
    expect(minimumOrderRefusal(lahore, 2_999_950)).toBe('The minimum order in Lahore is Rs. 30,000. Add Rs. 1 more to place this order.');
    expect(minimumOrderRefusal(lahore, 3_000_000)).toBeNull();
    expect(minimumOrderRefusal(lahore, 9_000_000)).toBeNull();
    expect(minimumOrderShortfall(100, null)).toBe(0);
    expect(minimumOrderRefusal({ city: 'Lahore', min_order_value: null }, 100)).toBeNull();
  });

  it('staff set it in whole rupees above 0, or null for none; left out, the city keeps its own', () => {
    const city = { name: 'Lahore', active: true, delivery_days: [1], cutoff_time: '18:00' };
    expect(CityInputSchema.parse({ ...city, min_order_value: '30000' }).min_order_value).toBe('30000.00');
    expect(CityInputSchema.parse({ ...city, min_order_value: null }).min_order_value).toBeNull();
    expect(CityInputSchema.parse(city).min_order_value).toBeUndefined();
    for (const bad of ['0', '-5', '30000.50', 'thirty', '', '1234567890']) expect(CityInputSchema.safeParse({ ...city, min_order_value: bad }).success, bad).toBe(false);
  });
});

describe('order reference (issue 36)', () => {
  it('is trimmed, empty is none, at most 40 characters', () => {
    expect(OrderReferenceSchema.parse('  PO-4471 ')).toBe('PO-4471');
    expect(OrderReferenceSchema.parse('   ')).toBeNull();
    expect(OrderReferenceSchema.parse('x'.repeat(40))).toHaveLength(40);
    const long = OrderReferenceSchema.safeParse('x'.repeat(41));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(ORDER_REFERENCE_TOO_LONG);
    expect(OrderReferenceSchema.safeParse('PO\u0000 1').success).toBe(false);
  });
});

describe('requested delivery day (issue 36): the city delivery days after its cut-off, in Pakistan time', () => {
  it('an order by the cut-off goes out on the next delivery day; after it, on the one after', () => {
    expect(earliestDeliveryDay(lahore, pkt('2026-11-23', '17:59'))).toBe('2026-11-24');
    expect(earliestDeliveryDay(lahore, pkt('2026-11-23', '18:00'))).toBe('2026-11-24');
    expect(earliestDeliveryDay(lahore, pkt('2026-11-23', '18:01'))).toBe('2026-11-25');
    // Saturday: Sunday is not a delivery day.
    expect(earliestDeliveryDay(lahore, pkt('2026-11-28', '09:00'))).toBe('2026-11-30');
    expect(earliestDeliveryDay(lahore, pkt('2026-11-27', '19:00'))).toBe('2026-11-30');
    // 00:30 on Tuesday in Pakistan is still Monday in UTC: Pakistan's day counts.
    expect(earliestDeliveryDay(lahore, new Date('2026-11-23T19:30:00Z'))).toBe('2026-11-25');
    expect(earliestDeliveryDay({ delivery_days: [], cutoff_time: '18:00' }, pkt('2026-11-23', '09:00'))).toBeNull();
  });

  it('offers the delivery days up to 14 days ahead, without the days the city is not delivered', () => {
    const days = deliveryDayChoices(lahore, pkt('2026-11-23', '10:00'));
    expect(days).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-07']);
    expect(deliveryDayChoices({ ...lahore, delivery_days: [3] }, pkt('2026-11-23', '10:00'))).toEqual(['2026-11-25', '2026-12-02']);
    expect(formatDeliveryDay('2026-11-24')).toBe('Tue 24 Nov 2026');
  });

  it('refuses a day the city is not delivered, one past the cut-off, one too far ahead, and any without a city, with the reason', () => {
    const now = pkt('2026-11-23', '18:30');
    expect(deliveryDayRefusal(lahore, '2026-11-25', now)).toBeNull();
    expect(deliveryDayRefusal(lahore, '2026-11-24', now)).toBe(
      'Tue 24 Nov 2026 is too soon: orders placed now in Lahore can be delivered on Wed 25 Nov 2026 at the earliest (orders placed by 6:00 pm go out on the next delivery day).',
    );
    expect(deliveryDayRefusal(lahore, '2026-11-20', now)).toContain('too soon');
    expect(deliveryDayRefusal(lahore, '2026-11-29', now)).toBe('We do not deliver in Lahore on Sundays (Sun 29 Nov 2026): deliveries in Lahore are Mon to Sat.');
    expect(deliveryDayRefusal(lahore, '2026-12-07', now)).toBeNull();
    expect(deliveryDayRefusal(lahore, '2026-12-08', now)).toBe('A delivery day can be asked for up to 14 days ahead, until Mon 7 Dec 2026.');
    expect(deliveryDayRefusal({ city: null, min_order_value: null, delivery_days: [], cutoff_time: null }, '2026-11-25', now)).toContain('no delivery days');
    // Every day offered is accepted, at any time of day.
    for (const time of ['00:00', '06:15', '17:59', '18:00', '18:01', '23:59']) {
      for (const day of deliveryDayChoices(lahore, pkt('2026-11-27', time))) expect(deliveryDayRefusal(lahore, day, pkt('2026-11-27', time)), `${day} at ${time}`).toBeNull();
    }
  });

  it('is a real calendar date', () => {
    expect(DeliveryDaySchema.safeParse('2026-11-24').success).toBe(true);
    for (const bad of ['2026-02-30', '24-11-2026', 'tomorrow', '2026-11-24T00:00']) expect(DeliveryDaySchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('a request to cancel or change an order (issue 36, SPEC 9: within two hours of confirmation)', () => {
  const confirmed = '2026-11-23T10:00:00.000+05:00';
  const order = { order_number: 'ORD-2026-000042', status: 'In Process', confirmed_on: confirmed };

  it('is open for two hours after the confirmation of an In Process order', () => {
    expect(changeRequestRefusal(order, new Date(Date.parse(confirmed) + CHANGE_REQUEST_WINDOW_MS - 1))).toBeNull();
    expect(changeRequestRefusal(order, pkt('2026-11-23', '10:00'))).toBeNull();
    expect(changeRequestRefusal(order, pkt('2026-11-23', '12:00'))).toBe(
      'An order can be cancelled or changed within two hours of its confirmation. Order ORD-2026-000042 was confirmed on 23 Nov 2026, 10:00; that time ended at 23 Nov 2026, 12:00. Please message us.',
    );
    expect(changeRequestRefusal({ ...order, confirmed_on: null }, pkt('2026-11-23', '10:30'))).toContain('within two hours');
  });

  it('is refused on a delivered, rejected, pending, packed or shipped order, whatever the time', () => {
    const at = pkt('2026-11-23', '10:30');
    expect(changeRequestRefusal({ ...order, status: 'Delivered' }, at)).toBe(
      'Order ORD-2026-000042 has been delivered, so it can no longer be cancelled or changed. For a return or an exchange (within 7 days), please message us.',
    );
    expect(changeRequestRefusal({ ...order, status: 'Rejected' }, at)).toContain('was rejected');
    expect(changeRequestRefusal({ ...order, status: 'Pending', confirmed_on: null }, at)).toContain('waiting for its Approver');
    expect(changeRequestRefusal({ ...order, status: 'Arrange' }, at)).toContain('being prepared for delivery (Arrange)');
    expect(changeRequestRefusal({ ...order, status: 'Shipping' }, at)).toContain('(Shipping)');
  });
});
