// Counts in words ("1 product", "2 products"), so every count text of the shop agrees. English only:
// the shop's texts are English (SPEC). English's cardinal rule (CLDR, as Intl.PluralRules('en-US')
// applies it) is "one" for exactly 1 or -1 and "other" for everything else (0, 2, 1.5; 1.0 written as 1
// is 1). It is written out here rather than asked of Intl.PluralRules: making the first Intl object
// loads ICU data on the main thread during the first render (issue 15, total blocking time).
// `plural.test.ts` checks this rule against Intl.PluralRules on random counts.
import { groupDigits } from './money.ts';

/** The word for `n`: `one` when English says so (exactly 1 or -1), `other` otherwise (0, 2, 1.5 ...). */
export const pluralWord = (n: number, one: string, other: string) => (Math.abs(n) === 1 ? one : other);

/** `n` with thousands separators and its word: countOf(1, 'product', 'products') is '1 product'. */
export const countOf = (n: number, one: string, other: string) => `${groupDigits(n)} ${pluralWord(n, one, other)}`;
