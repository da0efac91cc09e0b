// In-page signals of the data layer, without the DOM (the service worker uses them too):
// - local write: a mutation was committed to the mirrors and the outbox (the sync engine pushes
//   soon after; the pending count refreshes);
// - rejected: the server refused a queued mutation (the toast shows its message from the spec);
// - push answered: the ids of the queued mutations a push settled, accepted or rejected;
// - server reached: a sync (push + pull) got its answers, so reads that failed are worth another
//   try (the screens' "couldn't be reached" banners clear themselves then).
// Listeners run synchronously after the commit; one that throws does not stop the others, and
// its error is rethrown on its own task rather than swallowed.

export interface Rejection {
  readonly name: string;
  readonly code: string;
  readonly message: string;
}

/** The server's answer to queued mutations, by id (an import's done screen counts its own). */
export interface PushAnswer {
  readonly id: string;
  readonly status: 'ok' | 'rejected';
  readonly message?: string;
}

type Listener<E> = (event: E) => void;

function createHub<E>() {
  const listeners = new Set<Listener<E>>();
  return {
    on(listener: Listener<E>): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(event: E): void {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}

const localWrites = createHub<void>();
const rejections = createHub<Rejection>();
const serverReached = createHub<void>();
const pushAnswers = createHub<readonly PushAnswer[]>();

/** Hears every settled push batch's answers (after the commit that removed them from the outbox). */
export function onPushAnswered(listener: (answers: readonly PushAnswer[]) => void): () => void {
  return pushAnswers.on(listener);
}

export function emitPushAnswered(answers: readonly PushAnswer[]): void {
  pushAnswers.emit(answers);
}

export function onLocalWrite(listener: () => void): () => void {
  return localWrites.on(listener);
}

export function emitLocalWrite(): void {
  localWrites.emit();
}

export function onRejected(listener: (rejection: Rejection) => void): () => void {
  return rejections.on(listener);
}

export function emitRejected(rejection: Rejection): void {
  rejections.emit(rejection);
}

/**
 * Server reached is told to the other tabs (and the service worker) too: a sync that got through in
 * one proves the server is back for all, and the others' syncs may be waiting out a long backoff.
 * Opened on the first listener, so a context that never listens (a test in Node) holds no channel.
 */
let reachedChannel: BroadcastChannel | null | undefined;
function serverReachedChannel(): BroadcastChannel | null {
  if (reachedChannel === undefined) {
    reachedChannel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('checkpoint-server-reached');
    // Only emitted here: a message never goes out again, so tabs do not echo each other.
    if (reachedChannel) reachedChannel.onmessage = () => serverReached.emit();
    // In Node (tests) an open channel would keep the process alive.
    (reachedChannel as { unref?: () => void } | null)?.unref?.();
  }
  return reachedChannel;
}

export function onServerReached(listener: () => void): () => void {
  serverReachedChannel();
  return serverReached.on(listener);
}

export function emitServerReached(): void {
  serverReached.emit();
  // A context that never listened opens no channel; the others learn it from their own syncs then.
  reachedChannel?.postMessage(null);
}
