import * as Dialog from '@radix-ui/react-dialog';
import type { DeskLine } from '@shop/domain/order-desk';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PickShortForm, RejectForm } from './order-forms.tsx';

afterEach(cleanup);
const inDialog = (ui: ReactNode) => render(<Dialog.Root open>{ui}</Dialog.Root>);
const line: DeskLine = { id: 5, product_id: 9, product_name: 'Basmati Rice 5 kg', sku: null, ordered_quantity: 6, quantity: 4, unit_price: '1180.00', tax: '180.00', sell_price: '1000.00', total_price: '4720.00', change_reason: null };

describe('reject form (issue 16)', () => {
  it('asks for the reason the buyer will read before it rejects', async () => {
    const onSubmit = vi.fn();
    inDialog(<RejectForm status="Arrange" onSubmit={onSubmit} error={null} busy={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject order' }));
    expect(await screen.findByText('A rejection needs a reason the buyer will read')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason the buyer will see'), { target: { value: '  Out of stock in Lahore  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Out of stock in Lahore'));
  });
});

describe('pick short form (issue 16)', () => {
  it('takes a lower quantity (0 removes the line) with a reason, never a higher one', async () => {
    const onSubmit = vi.fn();
    inDialog(<PickShortForm line={line} onSubmit={onSubmit} error={null} busy={false} />);
    const quantity = screen.getByLabelText('Quantity to send (now 4)');
    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save change' }));
    expect(await screen.findByText('Enter less than the 4 now on the order (0 removes the line)')).toBeTruthy();
    expect(await screen.findByText('Say why the line changes')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Out of stock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ quantity: 0, reason: 'Out of stock' }, expect.anything()));
  });
});
