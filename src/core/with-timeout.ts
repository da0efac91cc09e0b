// A promise that gives up: it settles as `promise` does, or rejects with `timedOut()` after `ms`,
// whichever comes first; the timer never outlives it.
export function withTimeout<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
