// The filter box's state for a list that filters by text only (the profile's modals, Want to Play,
// the Journal): the index is built once per list (memoise `items`), each keystroke only grades it.
// `text` and `setText` may come from the address (a tab) or from the component (a modal).
// It is built on the first text to match, not with the list: over 2,000 reviews it is a long task
// that an unfiltered list (and its scrolling) need not wait for.
import { useMemo, useRef } from 'react';
import { buildTextIndex, filterByText, type TextIndex } from '../../../core/library/text-match.ts';
import { prepareQuery } from '../../../core/search/query.ts';

export function useTextFilter<T>(
  items: readonly T[] | undefined,
  textOf: (item: T) => string,
  text: string,
): T[] | undefined {
  const built = useRef<{ items: readonly T[]; index: TextIndex } | null>(null);
  return useMemo(() => {
    if (!items) return undefined;
    const query = prepareQuery(text);
    if (query.tokens.length === 0) return [...items];
    // textOf is a plain accessor: the index follows the items alone.
    if (built.current?.items !== items) built.current = { items, index: buildTextIndex(items.map(textOf)) };
    return filterByText(items, built.current.index, query);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, text]);
}
