// What the export dialog says while a file is made and after: how far it is, and which comments
// and likes the file could not name (the device lacked the review and the server was not reached).
import type { UnfilledContext } from '../../core/export/refs.ts';
import type { ExportProgress } from '../../data/export.ts';

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "Preparing your export: 3 of 6 files" (a one-file export, or before the first file: no count). */
export function progressText(progress: ExportProgress | null): string {
  if (!progress || progress.total < 2) return 'Preparing your export…';
  return `Preparing your export: ${progress.done} of ${progress.total} files`;
}

/** What the file leaves blank, said once it is downloaded (never left blank silently). */
export function unfilledText(u: UnfilledContext): string {
  const what = [u.comments > 0 && plural(u.comments, 'comment'), u.likes > 0 && plural(u.likes, 'like')]
    .filter((part) => part !== false)
    .join(' and ');
  const one = u.comments + u.likes === 1;
  const on = one ? 'is on a review' : 'are on reviews';
  return u.why === 'offline'
    ? `${what} ${on} this device doesn't hold, and Checkpoint couldn't be reached: the review's author and game are blank in the file. Export again when you're online to fill them in.`
    : `${what} ${on} that ${one ? 'is' : 'are'} no longer on Checkpoint: the review's author and game are blank in the file.`;
}
