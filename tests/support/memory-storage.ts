// The Storage API (localStorage's) over a Map, for unit tests that run without a browser;
// while `full` is true every write is refused, as a full disk or a refusing browser does.
export function memoryStorage(full = false): Storage & { full: boolean } {
  const data = new Map<string, string>();
  return {
    full,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => {
      data.delete(k);
    },
    setItem(k, v) {
      if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      data.set(k, v);
    },
  };
}
