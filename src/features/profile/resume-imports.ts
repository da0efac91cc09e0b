// An import cut off by a closed tab (issue 18 §2) goes on by itself on the member's next visit: a
// job still `running` on this device is run from its last batch. A job the member cancelled stays
// paused until they choose Resume in the Import dialog. Loaded after start-up, only for a member.
import { memberImports, runImport } from '../../data/import/jobs.ts';

export async function resumeImports(memberId: number, notify: (message: string) => void): Promise<void> {
  const jobs = (await memberImports(memberId)).filter((j) => j.state === 'running');
  for (const job of jobs) {
    notify(`Resuming the import of ${job.file_name}: ${job.done.toLocaleString('en')} of ${job.mutations.length.toLocaleString('en')} changes saved so far.`);
    const end = await runImport(job.id, () => undefined);
    if (end.state === 'done') notify(`Import of ${job.file_name} finished.`);
  }
}
