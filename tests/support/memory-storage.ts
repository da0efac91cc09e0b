// The Storage API (localStorage's) over a Map, for unit tests that run without a browser;
// `full` refuses every write as a full disk does.
export function memoryStorage(full = false): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => {
      data.delete(k);
    },
    setItem: (k, v) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, v);
    },
  };
}
