// Dates as the profile shows them ('Mar 4, 2025'); an unreadable date shows 'TBA' (spec 002 §8).
export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'TBA';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
