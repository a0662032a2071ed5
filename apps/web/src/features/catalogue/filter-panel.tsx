import type { Category, Facets } from '@shop/domain/catalogue';
import { formatRupees } from '@shop/domain/money';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';
import { useEffect, useState } from 'react';
import { RangeSlider } from '../../components/ui/range-slider.tsx';

export interface AppliedFilters {
  brands: string[];
  price: [number, number];
}

export const NO_FILTERS: AppliedFilters = { brands: [], price: [PRICE_SLIDER_MIN, PRICE_SLIDER_MAX] };

const LEVEL_TITLES = ['Categories', 'Category Types', 'Sub Types', 'Types'];

/**
 * SPEC 2 filter panel: category drill-down (each choice loads its products at once and resets the
 * deeper ones), brands and the 0-250000 price slider (applied with Apply), and Reset.
 */
export function FilterPanel({
  categories,
  rootId,
  path,
  onPath,
  facets,
  applied,
  onApply,
  onReset,
}: {
  categories: readonly Category[];
  /** The parent whose children are the first choice (null: the top categories). */
  rootId: number | null;
  path: number[];
  onPath: (path: number[]) => void;
  facets: Facets | undefined;
  applied: AppliedFilters;
  onApply: (f: AppliedFilters) => void;
  onReset: () => void;
}) {
  const [brands, setBrands] = useState(applied.brands);
  const [price, setPrice] = useState<[number, number]>(applied.price);
  useEffect(() => {
    setBrands(applied.brands);
    setPrice(applied.price);
  }, [applied]);

  const levels: Array<{ parent: number | null; options: Category[] }> = [];
  let parent = rootId;
  for (let depth = 0; depth < 4; depth++) {
    const options = categories.filter((c) => c.parentId === parent);
    if (options.length === 0) break;
    levels.push({ parent, options });
    const chosen = path[depth];
    if (chosen === undefined) break;
    parent = chosen;
  }
  const firstLevel = levels[0]?.options[0]?.level ?? 1;

  return (
    <div className="space-y-5">
      {levels.map((level, depth) => (
        <fieldset key={level.parent ?? 'top'}>
          <legend className="mb-2 font-semibold">{LEVEL_TITLES[firstLevel - 1 + depth] ?? 'Types'}</legend>
          <ul className="flex flex-wrap gap-2">
            {level.options.map((c) => {
              const isOn = path[depth] === c.id;
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-pressed={isOn}
                    onClick={() => onPath(isOn ? path.slice(0, depth) : [...path.slice(0, depth), c.id])}
                    className={`rounded-full border px-3 py-1 text-sm ${isOn ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand'}`}
                  >
                    {c.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      <fieldset>
        <legend className="mb-2 font-semibold">Brands</legend>
        <ul className="max-h-56 space-y-1 overflow-auto pr-1">
          {(facets?.brands ?? []).map((b) => (
            <li key={b.name}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={brands.includes(b.name)}
                  onChange={(e) => setBrands(e.target.checked ? [...brands, b.name] : brands.filter((x) => x !== b.name))}
                  className="h-4 w-4 accent-brand"
                />
                <span>{b.name}</span>
                <span className="ml-auto text-xs text-slate-600">{b.count}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="mb-3 font-semibold">Price</legend>
        <RangeSlider
          className="relative flex h-5 w-full touch-none items-center select-none"
          trackClassName="relative h-1.5 grow rounded-full bg-slate-200"
          rangeClassName="absolute h-full rounded-full bg-brand"
          thumbClassName="block h-5 w-5 rounded-full border-2 border-brand bg-white shadow focus-visible:outline-2 focus-visible:outline-brand"
          labels={['Minimum price', 'Maximum price']}
          min={PRICE_SLIDER_MIN}
          max={PRICE_SLIDER_MAX}
          step={100}
          minStepsBetweenThumbs={1}
          value={price}
          onValueChange={setPrice}
        />
        <p className="mt-2 flex justify-between text-sm text-slate-700" data-testid="price-range">
          <span>{formatRupees(price[0])}</span>
          <span>{formatRupees(price[1])}</span>
        </p>
      </fieldset>
      <div className="flex gap-2">
        <button type="button" onClick={() => onApply({ brands, price })} className="flex-1 rounded-md bg-brand py-2 font-semibold text-white hover:bg-brand-dark">
          Apply
        </button>
        <button type="button" onClick={onReset} className="flex-1 rounded-md border border-slate-400 py-2 font-semibold text-slate-800 hover:bg-slate-100">
          Reset
        </button>
      </div>
    </div>
  );
}
