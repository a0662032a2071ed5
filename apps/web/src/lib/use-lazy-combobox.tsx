import { type ComponentType, type ReactNode, useRef, useState } from 'react';

export type LazyCombobox = ComponentType<{ initialText: string; autoFocus: boolean }>;

/**
 * A search box first drawn as a plain input that looks like its combobox, the combobox's module
 * (downshift, about 13 KB gzip) loaded only when the buyer comes near (pointer, touch or focus), so it
 * stays out of every page's first load (issue 15). What was typed meanwhile carries over.
 *
 * Whether the plain box has the focus, and what it holds, are read when the combobox replaces it, not
 * when the module arrives: the module can arrive between the pointer's arrival and the click (a second
 * search on the page, or a fast network), and a buyer who taps and types at once goes on typing while
 * it loads. Read at the module's arrival, a click or the keys typed between the arrival and the drawing
 * were lost (the combobox drawn without the focus, or without the last letters, the plain box gone).
 * The combobox takes the focus in a layout effect, before the next key press.
 */
export function useLazyCombobox(importer: () => Promise<LazyCombobox>): {
  /** The combobox once loaded (draw it instead of the plain box), else null. */
  combobox: ReactNode;
  /** For the plain box's form: load on the pointer's or a finger's arrival. */
  formProps: { onPointerEnter: () => void; onTouchStart: () => void };
  /** For the plain box's input. */
  inputProps: { onFocus: () => void; onBlur: () => void; onChange: (e: { currentTarget: HTMLInputElement }) => void };
  /** What the plain box holds. */
  text: string;
} {
  const [Combobox, setCombobox] = useState<LazyCombobox | null>(null);
  const [isFocused, setFocused] = useState(false);
  const [text, setText] = useState('');
  const started = useRef(false);
  const load = () => {
    if (started.current) return;
    started.current = true;
    importer()
      .then((loaded) => setCombobox(() => loaded))
      .catch(() => {
        started.current = false;
      });
  };
  return {
    combobox: Combobox ? <Combobox initialText={text} autoFocus={isFocused} /> : null,
    formProps: { onPointerEnter: load, onTouchStart: load },
    text,
    inputProps: {
      onChange: (e) => setText(e.currentTarget.value),
      onFocus: () => {
        setFocused(true);
        load();
      },
      onBlur: () => setFocused(false),
    },
  };
}
