import { useCombobox } from 'downshift';
import { useId, useMemo, useState } from 'react';
import { field } from './orders/desk-ui.tsx';

export interface ComboOption {
  id: number;
  label: string;
}

/**
 * Issue 35: a searchable select (a WAI-ARIA combobox by downshift): the person types part of a name and
 * picks it from the list; the form gets its id. Staff pick categories and products by name, never by number.
 */
export function StaffCombobox({
  label,
  options,
  value,
  onChange,
  placeholder,
  className = 'w-72',
}: {
  label: string;
  options: readonly ComboOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  placeholder?: string;
  className?: string;
}) {
  const inputId = useId();
  const selected = options.find((o) => o.id === value) ?? null;
  const [text, setText] = useState(selected?.label ?? '');
  const shown = useMemo(() => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const matching = selected && text === selected.label ? options : options.filter((o) => words.every((w) => o.label.toLowerCase().includes(w)));
    return matching.slice(0, 50);
  }, [options, text, selected]);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<ComboOption>({
    inputId,
    items: shown,
    selectedItem: selected,
    inputValue: text,
    itemToString: (o) => o?.label ?? '',
    onInputValueChange: ({ inputValue, type }) => {
      setText(inputValue ?? '');
      if (type === useCombobox.stateChangeTypes.InputChange && !inputValue) onChange(null);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      onChange(selectedItem?.id ?? null);
      setText(selectedItem?.label ?? '');
    },
  });
  return (
    <div className="relative flex flex-col gap-1 text-sm font-medium">
      <label {...getLabelProps()} htmlFor={inputId}>
        {label}
      </label>
      <input {...getInputProps()} className={`${field} ${className}`} placeholder={placeholder} />
      <ul {...getMenuProps()} className={`absolute top-full z-20 mt-1 max-h-64 w-full min-w-72 overflow-auto rounded border border-slate-300 bg-white shadow-lg ${isOpen ? '' : 'hidden'}`}>
        {isOpen && shown.length === 0 ? <li className="px-2 py-1.5 font-normal text-slate-500">Nothing matches “{text}”.</li> : null}
        {isOpen
          ? shown.map((o, index) => (
              <li key={o.id} {...getItemProps({ item: o, index })} className={`cursor-pointer px-2 py-1.5 font-normal ${highlightedIndex === index ? 'bg-sky-100' : ''} ${o.id === value ? 'font-semibold' : ''}`}>
                {o.label}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
