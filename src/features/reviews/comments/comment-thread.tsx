// A review's comments: the form, then the threads newest first with their replies (oldest first,
// one level in, 24 px). Loaded about 100 ms after the card mounts; every change (a post, an edit, a
// pull from the server) re-renders from the device.
import { useEffect, useState } from 'react';
import { COMMENT_LOAD_DELAY_MS, indentFor, planReply } from '../../../core/reviews/comments.ts';
import { authorName } from '../../../core/reviews/review-card.ts';
import { write } from '../../../data/actions.ts';
import { useReviewComments } from '../../../data/reviews/review-page-feed.ts';
import type { CommentNode } from '../../../data/repos/shapes.ts';
import { useAuthUi } from '../../../ui/auth/auth-context.tsx';
import { useToast } from '../../../ui/toasts/toast-context.tsx';
import { WAIT_FOR_USER_DATA, type Viewer } from '../viewer.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import { commentRef } from './comment-ref.ts';
import { DeleteCommentDialog } from './delete-comment-dialog.tsx';
import './comments.css';

export interface CommentThreadProps {
  readonly id: string;
  readonly reviewId: number;
  readonly viewer: Viewer;
  readonly count: number;
}

/** The same comment before and after its sync (the server's row keeps the client's key). */
const sameComment = (a: CommentNode, b: CommentNode) =>
  a.id === b.id || (a.client_key !== null && a.client_key === b.client_key);

interface ReplyTarget {
  readonly thread: CommentNode;
  readonly mention: string;
  readonly to: string;
}

export function CommentThread({ id, reviewId, viewer, count }: CommentThreadProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), COMMENT_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const me = viewer.kind === 'member' ? viewer.id : null;
  const comments = useReviewComments(reviewId, me, ready);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [doomed, setDoomed] = useState<CommentNode | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();
  const auth = useAuthUi();
  // Comments and likes need the review's server id: one written offline waits for its sync.
  const locked = reviewId < 0;

  function reply(target: CommentNode, thread: CommentNode) {
    if (locked) return;
    if (viewer.kind === 'loading') {
      toast.push(WAIT_FOR_USER_DATA, 'info');
      return;
    }
    const plan = planReply(target, thread, target.author?.username ?? null);
    const next = { thread, mention: plan.mention, to: authorName(target.author) };
    if (viewer.kind === 'guest') {
      toast.push('You must be logged in to comment', 'error');
      auth.requireMember(() => setReplyTo(next));
      return;
    }
    setReplyTo(next);
  }

  async function confirmDelete() {
    if (!doomed || deleting || viewer.kind !== 'member') return;
    setDeleting(true);
    try {
      await write(viewer.id, 'comment.delete', commentRef(doomed));
      setDoomed(null);
    } catch {
      toast.push('Failed to delete comment', 'error');
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section id={id} className="comments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="comments__title">
        Comments <span className="comments__count">({count})</span>
      </h2>
      {locked ? (
        <p className="comments__locked">Comments open once this review has synced.</p>
      ) : (
        <CommentForm reviewId={reviewId} viewer={viewer} />
      )}
      {comments === undefined ? (
        <div className="comments__loading" aria-busy="true" aria-label="Loading comments">
          <div className="skeleton comments__skeleton" />
          <div className="skeleton comments__skeleton" />
        </div>
      ) : comments.length === 0 ? (
        <p className="comments__empty">No comments yet. Be the first to share your thoughts!</p>
      ) : (
        <ol className="comments__list">
          {comments.map((thread) => (
            <li key={thread.client_key ?? thread.id} className="comments__thread">
              <CommentItem
                comment={thread}
                level={0}
                viewer={viewer}
                locked={locked}
                onReply={(c) => reply(c, thread)}
                onDelete={setDoomed}
              />
              {thread.replies.length > 0 && (
                <ol className="comments__replies" aria-label={`Replies to ${authorName(thread.author)}`}>
                  {thread.replies.map((r) => (
                    <li key={r.client_key ?? r.id}>
                      <CommentItem
                        comment={r}
                        level={1}
                        viewer={viewer}
                        locked={locked}
                        onReply={(c) => reply(c, thread)}
                        onDelete={setDoomed}
                      />
                    </li>
                  ))}
                </ol>
              )}
              {replyTo !== null && sameComment(replyTo.thread, thread) && (
                <div className="comments__reply-form" style={{ marginInlineStart: indentFor(1) }}>
                  <CommentForm
                    key={`${replyTo.to}:${replyTo.mention}`}
                    reviewId={reviewId}
                    viewer={viewer}
                    reply={replyTo}
                    onDone={() => setReplyTo(null)}
                    autoFocus
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <DeleteCommentDialog
        open={doomed !== null}
        busy={deleting}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
