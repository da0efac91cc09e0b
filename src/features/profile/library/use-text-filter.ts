// The filter box's state for a list that filters by text only (the profile's modals, Want to Play,
// the Journal): the index is built once per list (memoise `items`), each keystroke only grades it.
// `text` and `setText` may come from the address (a tab) or from the component (a modal).
import { useMemo } from 'react';
import { buildTextIndex, filterByText } from '../../../core/library/text-match.ts';

export function useTextFilter<T>(items: readonly T[] | undefined, textOf: (item: T) => string, text: string): T[] | undefined {
  // textOf is a plain accessor: the index follows the items alone.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const index = useMemo(() => (items ? buildTextIndex(items.map(textOf)) : undefined), [items]);
  return useMemo(() => (items && index ? filterByText(items, index, text) : undefined), [items, index, text]);
}
