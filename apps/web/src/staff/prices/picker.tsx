import { useId, useState } from 'react';
import { btn, field } from '../orders/desk-ui.tsx';
import type { PickerOption } from './prices-client.ts';

/**
 * Find a record by typing part of its name, then choose it from the matches (keyboard: type, Enter,
 * then the list). `label` names the list ("Business", "Product"), which is what a person picks.
 */
export function Picker({ label, find, value, onChange }: { label: string; find: (search: string) => Promise<PickerOption[]>; value: number | null; onChange: (id: number | null) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PickerOption[]>([]);
  const [state, setState] = useState<'idle' | 'busy' | 'none' | 'error'>('idle');
  const search = async () => {
    if (!text.trim()) return;
    setState('busy');
    try {
      const found = await find(text.trim());
      setOptions(found);
      setState(found.length ? 'idle' : 'none');
      onChange(found[0]?.id ?? null);
    } catch {
      setState('error');
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Find {label.toLowerCase()}
        <input
          className={`${field} w-56`}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
      </label>
      <button type="button" className={btn.secondary} onClick={() => void search()} disabled={state === 'busy'}>
        Find
      </button>
      <div className="flex flex-col gap-1 text-sm font-medium">
        {/* A label apart from the list: wrapping it would add the chosen option to the list's name. */}
        <label htmlFor={id}>{label}</label>
        <select id={id} className={`${field} w-96`} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
          {options.length === 0 ? <option value="">{state === 'none' ? 'Nothing matches' : state === 'error' ? 'Could not search' : '— find one first —'}</option> : null}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
