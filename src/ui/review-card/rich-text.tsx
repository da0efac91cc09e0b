// A review's text with the allowed tags as formatting (core/reviews/rich-text.ts): elements are built from
// the parsed tree, by tag name from the allow-list and with no attributes; all else is text, which
// React escapes. Used by the review page and the full-review modal; cards stay plain text.
import { createElement, type ReactNode } from 'react';
import { parseRichText, type RichNode } from '../../core/reviews/rich-text.ts';

function render(nodes: readonly RichNode[]): ReactNode[] {
  // The nodes of one text never reorder: the index is a stable key.
  return nodes.map((node, i) =>
    typeof node === 'string'
      ? node
      : node.tag === 'br'
        ? createElement('br', { key: i })
        : createElement(node.tag, { key: i }, ...render(node.children)),
  );
}

export function RichText({ text }: { readonly text: string }) {
  return <>{render(parseRichText(text))}</>;
}
