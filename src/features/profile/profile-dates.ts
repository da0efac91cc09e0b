// Dates as the profile shows them ('Mar 4, 2025'); an unreadable date shows 'TBA'.
// One formatter for every date: toLocaleDateString makes a new one per call, and a windowed list
// of thousands formats a screenful on each scroll step (it was most of the games modal's long tasks).
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'TBA';
  return SHORT_DATE.format(date);
}
