// The export's file name: checkpoint-<username>-<YYYY-MM-DD>.json or .zip, the day on
// the member's own calendar.
export type ExportFormat = 'json' | 'csv';

export function exportFileName(username: string, format: ExportFormat, now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  // Usernames are letters, digits and underscores; anything else (an old account) becomes '_'.
  const name = username.replace(/[^\w-]/g, '_') || 'member';
  return `checkpoint-${name}-${day}.${format === 'json' ? 'json' : 'zip'}`;
}
