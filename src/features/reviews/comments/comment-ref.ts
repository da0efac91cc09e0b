// How a write names a comment: by server id once it has one, else by the key its author's device
// gave it, so a comment written offline can be replied to, liked, edited or deleted at once.
import type { CommentNode } from '../../../data/repos/shapes.ts';

export type CommentRef = { id: number } | { key: string };

export function commentRef(comment: Pick<CommentNode, 'id' | 'client_key'>): CommentRef {
  return comment.id > 0 || comment.client_key === null ? { id: comment.id } : { key: comment.client_key };
}

/** The same, for a reply's parent. */
export function parentRef(
  comment: Pick<CommentNode, 'id' | 'client_key'>,
): { parent_id: number } | { parent_key: string } {
  const ref = commentRef(comment);
  return 'id' in ref ? { parent_id: ref.id } : { parent_key: ref.key };
}
