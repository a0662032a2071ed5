import { type ComponentType, type ReactNode, useRef, useState } from 'react';

export type LazyCombobox = ComponentType<{ initialText: string; autoFocus: boolean }>;

/**
 * A search box first drawn as a plain input that looks like its combobox, the combobox's module
 * (downshift, about 13 KB gzip) loaded only when the buyer comes near (pointer, touch or focus), so it
 * stays out of every page's first load (issue 15). What was typed meanwhile carries over.
 *
 * Whether the plain box has the focus is read when the combobox replaces it, not when the module
 * arrives: the module can arrive between the pointer's arrival and the click (a second search on the
 * page, or a fast network), and the click's focus then came after the answer and before the combobox
 * was drawn, which lost the focus (the combobox drawn without it, the plain box gone).
 */
export function useLazyCombobox(importer: () => Promise<LazyCombobox>): {
  /** The combobox once loaded (draw it instead of the plain box), else null. */
  combobox: ReactNode;
  /** For the plain box's form: load on the pointer's or a finger's arrival. */
  formProps: { onPointerEnter: () => void; onTouchStart: () => void };
  /** For the plain box's input. */
  inputProps: { ref: React.RefObject<HTMLInputElement | null>; onFocus: () => void; onBlur: () => void };
} {
  const [loaded, setLoaded] = useState<{ Combobox: LazyCombobox; text: string } | null>(null);
  const [isFocused, setFocused] = useState(false);
  const shell = useRef<HTMLInputElement>(null);
  const started = useRef(false);
  const load = () => {
    if (started.current) return;
    started.current = true;
    importer()
      .then((Combobox) => setLoaded({ Combobox, text: shell.current?.value ?? '' }))
      .catch(() => {
        started.current = false;
      });
  };
  return {
    combobox: loaded ? <loaded.Combobox initialText={loaded.text} autoFocus={isFocused} /> : null,
    formProps: { onPointerEnter: load, onTouchStart: load },
    inputProps: {
      ref: shell,
      onFocus: () => {
        setFocused(true);
        load();
      },
      onBlur: () => setFocused(false),
    },
  };
}
