/** The q-quantile (0..1) of the samples, by nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** The median of the samples: the middle one, or the mean of the two middle ones; NaN for none. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** One benchmark figure, in the format every tool reading our bench output expects; `note` in brackets after it. */
export function report(name: string, value: number, unit: string, note?: string): void {
  const shown = !Number.isFinite(value) || Number.isInteger(value) ? value : Number(value.toPrecision(4));
  console.log(`bench ${name} ${shown} ${unit}${note ? ` (${note})` : ''}`);
}
