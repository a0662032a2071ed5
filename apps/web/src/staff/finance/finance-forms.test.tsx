import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoldReleaseForm } from './finance-forms.tsx';

afterEach(cleanup);

describe('hold release form (issue 37)', () => {
  it('asks for the days, an amount above the credit limit and a reason, and says what the release will allow', async () => {
    const onSubmit = vi.fn();
    render(<HoldReleaseForm running={false} onSubmit={onSubmit} error={null} busy={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Release hold…' }));
    fireEvent.change(screen.getByLabelText('Days (at most 30)'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Amount above the credit limit (Rs.)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Release hold' }));
    expect(await screen.findByText('must be more than 0')).toBeTruthy();
    expect(await screen.findByText('must say why (at least 3 characters)')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Amount above the credit limit (Rs.)'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Reason for the release'), { target: { value: 'Owner promised payment on Friday' } });
    expect((await screen.findByTestId('release-preview')).textContent).toMatch(
      /^The business may order on Credit until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(up to Rs\. 5,000\.00 above its credit limit\)\.$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Release hold' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ days: 3, amount: '5000.00', reason: 'Owner promised payment on Friday' }, expect.anything()));
  });

  it('offers to replace a running release', () => {
    render(<HoldReleaseForm running onSubmit={vi.fn()} error={null} busy={false} />);
    expect(screen.getByRole('button', { name: 'Replace the release…' })).toBeTruthy();
  });
});
