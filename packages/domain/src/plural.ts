// Counts in words ("1 product", "2 products"), chosen by Intl.PluralRules so every count text of the
// shop agrees. English only: the shop's texts are English (SPEC).
// Made on first use, not at import (the web app's first load imports this module).
let english: Intl.PluralRules | undefined;
let digits: Intl.NumberFormat | undefined;

/** The word for `n`: `one` when English says so (1), `other` otherwise (0, 2, 1.5 ...). */
export const pluralWord = (n: number, one: string, other: string) => ((english ??= new Intl.PluralRules('en-US')).select(n) === 'one' ? one : other);

/** `n` with thousands separators and its word: countOf(1, 'product', 'products') is '1 product'. */
export const countOf = (n: number, one: string, other: string) => `${(digits ??= new Intl.NumberFormat('en-US')).format(n)} ${pluralWord(n, one, other)}`;
