// An import cut off by a closed tab goes on by itself on the member's next visit: a
// job still `running` on this device is run from its last batch. A job the member cancelled stays
// paused until they choose Resume in the Import dialog. A job this page or another tab is running
// right now (the member started it within the first seconds of the visit, say) was not cut off:
// it is left to the run that has it, and the member is told nothing. Loaded after start-up, only
// for a member.
import { isImportRunningAnywhere, memberImports, runImport } from '../../data/import/jobs.ts';

export async function resumeImports(memberId: number, notify: (message: string) => void): Promise<void> {
  const jobs = (await memberImports(memberId)).filter((j) => j.state === 'running');
  for (const job of jobs) {
    if (await isImportRunningAnywhere(job.id)) continue;
    notify(
      `Resuming the import of ${job.file_name}: ${job.done.toLocaleString('en')} of ${job.mutations.length.toLocaleString('en')} changes saved so far.`,
    );
    const end = await runImport(job.id, () => undefined);
    if (end.state === 'done') notify(`Import of ${job.file_name} finished.`);
  }
}
