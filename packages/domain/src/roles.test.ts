import { describe, expect, it } from 'vitest';
import { accountMenuEntries, capabilitiesOf } from './roles.ts';

describe('roles (SPEC 6)', () => {
  it('gives the account menu entries by user type', () => {
    const labels = (t: Parameters<typeof accountMenuEntries>[0]) => accountMenuEntries(t).map((e) => e.label);
    expect(labels('Guest')).toEqual(['Account Information']);
    expect(labels('Owner')).toEqual(['Account Information', 'Order History', 'Outstandings']);
    expect(labels('Orderer')).toEqual(['Account Information', 'Order History', 'Pending Approvals', 'Outstandings']);
    expect(labels('Approver')).toEqual(['Account Information', 'Order History', 'Pending Approvals', 'Outstandings']);
  });
  it('lets only an Approver approve, and a Guest never order', () => {
    expect(capabilitiesOf('Approver').canApprove).toBe(true);
    expect(capabilitiesOf('Orderer').canApprove).toBe(false);
    expect(capabilitiesOf('Guest').canPlaceOrder).toBe(false);
    expect(capabilitiesOf('Approver').needsApproverFlagToOrder).toBe(true);
  });
});
