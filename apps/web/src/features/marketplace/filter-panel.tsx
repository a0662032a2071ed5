import type { MarketplaceCategory, PriceRange } from '@shop/domain/marketplace';
import { MARKETPLACE_SORT_OPTIONS, type MarketplaceSort } from '@shop/domain/marketplace-rules';
import { X } from 'lucide-react';
import { RangeSlider } from '../../components/ui/range-slider.tsx';

export interface FilterDraft {
  subcategory: number | null;
  brands: number[];
  price: [number, number] | null;
}

export interface FilterPanelProps {
  categories: MarketplaceCategory[];
  brands?: Array<{ id: number; name: string }>;
  range: PriceRange | null;
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  onReset: () => void;
  onApply: () => void;
}

/**
 * SPEC 2 filter panel: Category (single choice), Brand (multi-select with removable chips),
 * Price (two thumbs, 'From Rs.' and 'To Rs.'), Reset and Apply.
 */
export function FilterPanel({ categories, brands, range, draft, onChange, onReset, onApply }: FilterPanelProps) {
  const price = draft.price ?? (range ? [range.min, range.max] : null);
  const chosenBrands = (brands ?? []).filter((b) => draft.brands.includes(b.id));
  return (
    <div className="space-y-5 text-sm">
      <fieldset>
        <legend className="mb-2 font-bold">Category</legend>
        <ul className="max-h-60 space-y-1 overflow-auto">
          {categories.map((c) => (
            <li key={c.id}>
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="marketplace-category"
                  checked={draft.subcategory === c.id}
                  // SPEC 4: a new category rebuilds the brand list and price range: clear both.
                  onChange={() => onChange({ subcategory: c.id, brands: [], price: null })}
                />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {brands && (
        <fieldset>
          <legend className="mb-2 font-bold">Brand</legend>
          {chosenBrands.length > 0 && (
            <ul className="mb-2 flex flex-wrap gap-1" aria-label="Chosen brands">
              {chosenBrands.map((b) => (
                <li key={b.id} className="flex items-center gap-1 rounded-full bg-brand/10 py-0.5 pr-1 pl-2 text-brand">
                  {b.name}
                  <button
                    type="button"
                    aria-label={`Remove ${b.name}`}
                    className="rounded-full p-0.5 hover:bg-brand/20"
                    onClick={() => onChange({ ...draft, brands: draft.brands.filter((id) => id !== b.id) })}
                  >
                    <X aria-hidden="true" className="h-3 w-3" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ul className="max-h-60 space-y-1 overflow-auto">
            {brands.map((b) => (
              <li key={b.id}>
                <label className="flex cursor-pointer items-center gap-2">
                  <input
                    type="checkbox"
                    checked={draft.brands.includes(b.id)}
                    onChange={() =>
                      onChange({ ...draft, brands: draft.brands.includes(b.id) ? draft.brands.filter((id) => id !== b.id) : [...draft.brands, b.id] })
                    }
                  />
                  {b.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {range && price && (
        <fieldset>
          <legend className="mb-2 font-bold">Price</legend>
          <RangeSlider
            className="relative flex h-6 w-full touch-none items-center select-none"
            trackClassName="relative h-1.5 grow rounded-full bg-slate-200"
            rangeClassName="absolute h-full rounded-full bg-brand"
            thumbClassName="block h-5 w-5 rounded-full border-2 border-brand bg-white focus-visible:outline-2 focus-visible:outline-accent"
            labels={['From Rs.', 'To Rs.']}
            min={range.min}
            max={Math.max(range.max, range.min + 1)}
            step={1}
            minStepsBetweenThumbs={0}
            value={price}
            onValueChange={(v) => onChange({ ...draft, price: v })}
          />
          <div className="mt-2 flex justify-between gap-2">
            <span>From Rs. <output data-testid="price-from">{price[0].toLocaleString('en-US')}</output></span>
            <span>To Rs. <output data-testid="price-to">{price[1].toLocaleString('en-US')}</output></span>
          </div>
        </fieldset>
      )}
      <div className="flex gap-2">
        <button type="button" onClick={onReset} className="flex-1 rounded-md border border-brand px-3 py-2 font-semibold text-brand">Reset</button>
        <button type="button" onClick={onApply} className="flex-1 rounded-md bg-brand px-3 py-2 font-semibold text-white hover:bg-brand-dark">Apply</button>
      </div>
    </div>
  );
}

/** SPEC 2: the four marketplace sort options. */
export function SortOptions({ value, onChange }: { value: MarketplaceSort | undefined; onChange: (sort: MarketplaceSort) => void }) {
  return (
    <fieldset>
      <legend className="sr-only">Sort By</legend>
      <ul className="space-y-1 text-sm">
        {MARKETPLACE_SORT_OPTIONS.map((s) => (
          <li key={s.value}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-slate-100">
              <input type="radio" name="marketplace-sort" checked={value === s.value} onChange={() => onChange(s.value)} />
              {s.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
