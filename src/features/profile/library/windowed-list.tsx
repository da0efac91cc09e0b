// A profile list that can grow to thousands of rows: up to WINDOW_FROM rows it is a
// plain list (find-in-page reaches every row); beyond, only the rows near the screen are in the
// page (@tanstack/react-virtual), scrolled by the window (a tab) or by the dialog's body (a modal).
// Keyboard order holds: rows stay in DOM order, and the focused row and the rows either side of it
// are always rendered, put in the page as focus lands (not in React's own time, which a quick Tab
// could beat and leave the list); scrolling away never drops focus. Each row says its place
// (aria-posinset / aria-setsize).
import {
  defaultRangeExtractor,
  useVirtualizer,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/** Lists up to this long render every row. */
export const WINDOW_FROM = 60;
/** Rows rendered beyond each edge of the screen: a Tab or a short scroll never meets a gap. */
const OVERSCAN = 8;
/**
 * The virtualizer re-renders in React's own time, not synchronously inside each scroll event
 * (its default, flushSync): the scroll events of one frame then make one render, not one each.
 */
const FLUSH_SYNC = false;

export interface WindowedListProps<T> {
  /** The rows in order; a hole (undefined) is a row not read yet: its place is kept, nothing drawn. */
  readonly items: ReadonlyArray<T | undefined>;
  readonly itemKey: (item: T) => string;
  readonly renderItem: (item: T, index: number) => ReactNode;
  /** A row's height before it is measured (px). */
  readonly estimate: number;
  /** 'window' for a page's list, 'parent' for a list in a scrolling box (a dialog's body). */
  readonly scroller: 'window' | 'parent';
  readonly className: string;
  readonly itemClassName?: string;
  readonly label?: string;
  readonly ordered?: boolean;
}

export function WindowedList<T>(props: WindowedListProps<T>) {
  const { items, itemKey, renderItem, className, itemClassName, label, ordered } = props;
  if (items.length <= WINDOW_FROM) {
    const Tag = ordered ? 'ol' : 'ul';
    return (
      <Tag className={className} aria-label={label}>
        {items.map((item, i) =>
          item === undefined ? null : (
            <li key={itemKey(item)} className={itemClassName}>
              {renderItem(item, i)}
            </li>
          ),
        )}
      </Tag>
    );
  }
  return props.scroller === 'window' ? <WindowScrolled {...props} /> : <ParentScrolled {...props} />;
}

/**
 * Keeps the focused row and its neighbours rendered (Dexie re-renders and scrolling must not drop
 * focus, and the next Tab or Shift+Tab must find a row in the page).
 */
function useFocusedRow() {
  const [focused, setFocused] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      if (focused === null) return rows;
      const keep = [focused - 1, focused, focused + 1].filter((i) => i >= 0 && i < range.count && !rows.includes(i));
      return keep.length ? [...rows, ...keep].sort((a, b) => a - b) : rows;
    },
    [focused],
  );
  return { focused, setFocused, rangeExtractor };
}

/**
 * Where the list starts in its scroller (the virtualizer's scrollMargin), measured again when the
 * rows change and when what holds the list changes size (a filter panel opening above it).
 */
function useListOffset(
  list: MutableRefObject<HTMLElement | null>,
  measure: (el: HTMLElement) => number,
  rows: unknown,
): number {
  const [offset, setOffset] = useState(0);
  const measureRef = useRef(measure);
  useLayoutEffect(() => {
    measureRef.current = measure;
  });
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const update = () => setOffset(Math.round(measureRef.current(el)));
    update();
    const holder = el.parentElement;
    if (!holder || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(holder);
    return () => observer.disconnect();
  }, [list, rows]);
  return offset;
}

function WindowScrolled<T>(props: WindowedListProps<T>) {
  const list = useRef<HTMLElement | null>(null);
  const margin = useListOffset(list, (el) => el.getBoundingClientRect().top + window.scrollY, props.items);
  const { focused, setFocused, rangeExtractor } = useFocusedRow();
  const virtualizer = useWindowVirtualizer({
    count: props.items.length,
    estimateSize: () => props.estimate,
    overscan: OVERSCAN,
    scrollMargin: margin,
    rangeExtractor,
    useFlushSync: FLUSH_SYNC,
  });
  return (
    <Rows {...props} virtualizer={virtualizer} margin={margin} list={list} focused={focused} setFocused={setFocused} />
  );
}

function ParentScrolled<T>(props: WindowedListProps<T>) {
  const list = useRef<HTMLElement | null>(null);
  const scroller = () => list.current?.closest('.profile-modal__body') ?? null;
  const margin = useListOffset(
    list,
    (el) => {
      const box = el.closest('.profile-modal__body');
      return box ? el.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop : 0;
    },
    props.items,
  );
  const { focused, setFocused, rangeExtractor } = useFocusedRow();
  const virtualizer = useVirtualizer({
    count: props.items.length,
    getScrollElement: scroller,
    estimateSize: () => props.estimate,
    overscan: OVERSCAN,
    scrollMargin: margin,
    rangeExtractor,
    useFlushSync: FLUSH_SYNC,
  });
  return (
    <Rows {...props} virtualizer={virtualizer} margin={margin} list={list} focused={focused} setFocused={setFocused} />
  );
}

interface RowsProps<T> extends WindowedListProps<T> {
  readonly virtualizer: Virtualizer<Window, Element> | Virtualizer<Element, Element>;
  readonly margin: number;
  readonly list: MutableRefObject<HTMLElement | null>;
  readonly focused: number | null;
  readonly setFocused: (index: number | null) => void;
}

function Rows<T>({
  items,
  itemKey,
  renderItem,
  className,
  itemClassName,
  label,
  ordered,
  virtualizer,
  margin,
  list,
  focused,
  setFocused,
}: RowsProps<T>) {
  const Tag = ordered ? 'ol' : 'ul';
  const rows = virtualizer.getVirtualItems();
  return (
    <Tag
      ref={(el: HTMLElement | null) => {
        list.current = el;
      }}
      className={`${className} windowed-list`}
      aria-label={label}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {rows.map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <li
            key={itemKey(item)}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={`${itemClassName ?? ''} windowed-list__row`}
            aria-posinset={row.index + 1}
            aria-setsize={items.length}
            style={{ transform: `translateY(${row.start - margin}px)` }}
            onFocus={() => {
              // Rendered now, before the next key: the rows either side come into the page with it.
              if (focused !== row.index) flushSync(() => setFocused(row.index));
            }}
            onBlur={(event) => {
              // Focus moving within the row keeps it.
              if (focused === row.index && !event.currentTarget.contains(event.relatedTarget as Node | null))
                setFocused(null);
            }}
          >
            {renderItem(item, row.index)}
          </li>
        );
      })}
    </Tag>
  );
}
