import type { MarketplaceCategoryTree } from '@shop/domain/marketplace';
import { marketplaceCategoryPath } from '@shop/domain/marketplace-rules';
import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useIsDesktop } from '../../lib/use-media.ts';
import { useCategoryTree } from './marketplace-api.ts';

export function MegaMenuPanel({ onNavigate }: { onNavigate: () => void }) {
  const tree = useCategoryTree();
  const isDesktop = useIsDesktop();
  const categories = tree.data ?? [];
  return (
    <div className="absolute inset-x-0 top-0 z-40 max-h-[75vh] overflow-auto border-t border-slate-200 bg-white text-slate-900 shadow-xl">
      {tree.isPending ? (
        <p className="p-4">Loading categories…</p>
      ) : isDesktop ? (
        <DesktopMenu categories={categories} onNavigate={onNavigate} />
      ) : (
        <MobileMenu categories={categories} onNavigate={onNavigate} />
      )}
    </div>
  );
}

/** Level-2 categories in a column; the one hovered or focused shows its level-3 children and poster. */
function DesktopMenu({ categories, onNavigate }: { categories: MarketplaceCategoryTree[]; onNavigate: () => void }) {
  const [activeId, setActiveId] = useState(categories[0]?.id);
  const active = categories.find((c) => c.id === activeId) ?? categories[0];
  return (
    <div className="mx-auto flex max-w-6xl gap-6 p-4">
      <ul className="w-60 shrink-0 border-r border-slate-200 pr-2">
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={marketplaceCategoryPath(c.slug)}
              onClick={onNavigate}
              onMouseEnter={() => setActiveId(c.id)}
              onFocus={() => setActiveId(c.id)}
              className={`block rounded px-3 py-1.5 text-sm ${c.id === active?.id ? 'bg-brand/10 font-semibold text-brand' : 'hover:bg-slate-100'}`}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
      {active && (
        <div className="flex flex-1 gap-6">
          <div className="flex-1">
            <h2 className="mb-2 font-bold">{active.name}</h2>
            <ul className="grid grid-cols-2 gap-1">
              {active.children.map((s) => (
                <li key={s.id}>
                  <Link to={marketplaceCategoryPath(active.slug, s.slug)} onClick={onNavigate} className="block rounded px-2 py-1 text-sm hover:bg-slate-100 hover:underline">
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          {active.poster && (
            <img src={active.poster} alt={`${active.name} poster`} width={240} height={300} className="h-64 w-52 rounded-lg object-cover" />
          )}
        </div>
      )}
    </div>
  );
}

/** SPEC 2: on mobile the menu is an accordion: a level-2 category opens to its level-3 children. */
function MobileMenu({ categories, onNavigate }: { categories: MarketplaceCategoryTree[]; onNavigate: () => void }) {
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-slate-200">
      {categories.map((c) => (
        <Accordion.Item key={c.id} value={String(c.id)}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between px-4 py-3 text-left font-semibold">
              {c.name}
              <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content>
            <ul className="pb-2">
              <li>
                <Link to={marketplaceCategoryPath(c.slug)} onClick={onNavigate} className="block px-6 py-2 text-sm text-brand underline">All {c.name}</Link>
              </li>
              {c.children.map((s) => (
                <li key={s.id}>
                  <Link to={marketplaceCategoryPath(c.slug, s.slug)} onClick={onNavigate} className="block px-6 py-2 text-sm">{s.name}</Link>
                </li>
              ))}
            </ul>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
