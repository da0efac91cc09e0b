// The export's one read from the server: the reviews the member's comments and likes were on that
// this device cannot name (get_export_refs in 20261207003900_export_refs.sql). Nothing is written to
// the mirrors: the answer goes into the file only.
import { readExportRefs, type ExportRefs, type RefsWanted } from '../core/export/refs.ts';
import { readRpc } from './backend.ts';

/** The most ids get_export_refs takes of each kind in one call. */
const REFS_BATCH = 1000;
/** An export waits this long for the server at most, then is made without its answer. */
const REFS_TIMEOUT_MS = 10_000;

/** Reads the reviews `wanted` names; rejects when the server cannot be reached or refuses. */
export type FetchRefs = (wanted: RefsWanted) => Promise<ExportRefs>;

export const fetchExportRefs: FetchRefs = async (wanted) => {
  const signal = AbortSignal.timeout(REFS_TIMEOUT_MS);
  const answer: { reviews: ExportRefs['reviews'][number][]; comments: ExportRefs['comments'][number][] } = {
    reviews: [],
    comments: [],
  };
  const rounds = Math.max(wanted.reviewIds.length, wanted.commentIds.length) / REFS_BATCH;
  // One call for up to 1,000 of each (every export but the largest).
  for (let i = 0; i < rounds; i++) {
    const { data, error } = await readRpc(
      'get_export_refs',
      {
        p_review_ids: wanted.reviewIds.slice(i * REFS_BATCH, (i + 1) * REFS_BATCH),
        p_comment_ids: wanted.commentIds.slice(i * REFS_BATCH, (i + 1) * REFS_BATCH),
      },
      signal,
    );
    if (error) throw new Error(error.message);
    const page = readExportRefs(data);
    answer.reviews.push(...page.reviews);
    answer.comments.push(...page.comments);
  }
  return answer;
};
