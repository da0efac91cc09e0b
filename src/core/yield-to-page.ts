// Long work on the main thread (a sync pull's snapshot of thousands of rows) is cut into slices
// with a yield between them, so that scrolling, input and paint get their turn
// (docs/decisions/0008-big-libraries-yield-to-the-page.md).

interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task, after whatever the page has waiting. scheduler.yield where there is one
 * (its continuation goes ahead of other queued work, so a sliced job is not starved); else a
 * MessageChannel message, which, unlike setTimeout, is neither clamped nor throttled to once a
 * second in a hidden tab; else a timer.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : nextTask();
}

/**
 * Resolves in a new task queued behind the page's own: a MessageChannel message (neither clamped
 * nor throttled in a hidden tab, unlike a timer), else a timer. Unlike scheduler.yield, whatever
 * the page has queued (a React render) runs first.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
