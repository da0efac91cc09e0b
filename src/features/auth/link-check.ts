// A link's check runs once per link, even when React runs the page's effect twice (StrictMode) or
// the page is visited again: a one-time token redeemed twice would fail the second time.
const checks = new Map<string, Promise<unknown>>();

export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let check = checks.get(key) as Promise<T> | undefined;
  if (!check) {
    check = run();
    checks.set(key, check);
  }
  return check;
}
