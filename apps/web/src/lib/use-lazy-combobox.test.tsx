import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LazyCombobox, useLazyCombobox } from './use-lazy-combobox.tsx';

// The search boxes' plain box and the combobox that replaces it (search-box.tsx, marketplace-search.tsx).
afterEach(cleanup);

/** A combobox as the real ones behave: it takes the focus when asked to, and starts from the typed text. */
const Combobox: LazyCombobox = ({ initialText, autoFocus }) => {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  return <input ref={input} aria-label="Combobox" defaultValue={initialText} />;
};

/** The module's arrival, under the test's control. */
function controlledImport() {
  let arrive: (c: LazyCombobox) => void = () => {};
  const arrived = new Promise<LazyCombobox>((resolve) => {
    arrive = resolve;
  });
  return { importer: () => arrived, arrive: () => arrive(Combobox) };
}

function Box({ importer }: { importer: () => Promise<LazyCombobox> }) {
  const { combobox, formProps, inputProps } = useLazyCombobox(importer);
  if (combobox) return combobox;
  return (
    <form {...formProps}>
      <input {...inputProps} aria-label="Plain box" />
    </form>
  );
}

describe('useLazyCombobox', () => {
  it('the combobox takes the focus when the click came after the module and before the combobox was drawn', async () => {
    const { importer, arrive } = controlledImport();
    render(<Box importer={importer} />);
    const plain = screen.getByLabelText('Plain box');
    // A finger arrives: the module is asked for, and arrives.
    fireEvent.touchStart(plain);
    arrive();
    await Promise.resolve();
    await Promise.resolve();
    // The click's focus lands on the plain box before React draws the combobox.
    plain.focus();
    await act(async () => {});
    const combobox = screen.getByLabelText('Combobox');
    expect(screen.queryByLabelText('Plain box')).toBeNull();
    expect(document.activeElement).toBe(combobox);
  });

  it('keeps what was typed, and does not take the focus the buyer never gave', async () => {
    const { importer, arrive } = controlledImport();
    render(<Box importer={importer} />);
    const plain = screen.getByLabelText('Plain box') as HTMLInputElement;
    act(() => plain.focus());
    fireEvent.change(plain, { target: { value: 'basmati' } });
    act(() => plain.blur());
    arrive();
    await act(async () => {});
    const combobox = screen.getByLabelText('Combobox') as HTMLInputElement;
    expect(combobox.value).toBe('basmati');
    expect(document.activeElement).not.toBe(combobox);
  });

  it('keeps the letters typed after the module arrived and before the combobox was drawn', async () => {
    const { importer, arrive } = controlledImport();
    render(<Box importer={importer} />);
    const plain = screen.getByLabelText('Plain box') as HTMLInputElement;
    fireEvent.focus(plain);
    fireEvent.change(plain, { target: { value: 'basm' } });
    arrive();
    await Promise.resolve();
    await Promise.resolve();
    // The buyer goes on typing before React draws the combobox.
    fireEvent.change(plain, { target: { value: 'basmati rice' } });
    await act(async () => {});
    expect((screen.getByLabelText('Combobox') as HTMLInputElement).value).toBe('basmati rice');
  });
});
