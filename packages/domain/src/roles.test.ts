import { describe, expect, it } from 'vitest';
import { accountMenuEntries, capabilitiesOf, pendingOrderRights, pendingPlacement } from './roles.ts';

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
  it('lets whoever sees /pending open a Pending order in the cart, and only an Approver decide it', () => {
    expect(pendingOrderRights('Orderer')).toEqual({ canOpenInCart: true, canDecide: false });
    expect(pendingOrderRights('Approver')).toEqual({ canOpenInCart: true, canDecide: true });
    expect(pendingOrderRights('Owner')).toEqual({ canOpenInCart: false, canDecide: false });
    expect(pendingOrderRights('Guest')).toEqual({ canOpenInCart: false, canDecide: false });
  });
  it('confirms for an Approver, resubmits for the order\'s own Orderer, refuses the rest', () => {
    expect(pendingPlacement('Approver', false)).toBe('confirm');
    expect(pendingPlacement('Orderer', true)).toBe('resubmit');
    expect(pendingPlacement('Orderer', false)).toBe('refused');
    expect(pendingPlacement('Owner', true)).toBe('refused');
    expect(pendingPlacement('Guest', true)).toBe('refused');
  });
});
