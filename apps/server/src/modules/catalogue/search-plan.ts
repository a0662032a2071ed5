import { planSearch, type SearchPlan } from '@shop/domain/search-plan';
import type { VocabularySource } from './vocabulary.ts';

/** The storefront's search plan (packages/domain's planSearch) against the catalogue's current words. */
export async function searchPlan(text: string, vocabulary?: VocabularySource): Promise<SearchPlan | null> {
  return planSearch(text, vocabulary ? await vocabulary.get() : null);
}
