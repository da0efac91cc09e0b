// The user directory's read (/users): get_users in 20261121000700_reads.sql answers
// one page of members other than the caller, the exact total, community stats and the top 3
// reviewers. Nothing here is written to the device's mirrors: the last answers are kept by
// directory-cache.ts for offline use.
import {
  directoryOffset,
  DIRECTORY_PAGE_SIZE,
  readDirectoryAnswer,
  type DirectoryAnswer,
  type DirectoryParams,
} from '../core/directory.ts';
import { readRpc } from './backend.ts';

/** The server could not be reached or refused (as opposed to an unreadable answer). */
export class DirectoryRequestError extends Error {
  constructor(
    message: string,
    readonly offline: boolean,
  ) {
    super(message);
    this.name = 'DirectoryRequestError';
  }
}

/** PostgREST errors carry a code; a fetch that never reached the server does not. */
const isNetworkFailure = (error: { code?: string; message: string }): boolean =>
  !error.code || /fetch|network|load failed/i.test(error.message);

export async function fetchDirectory(params: DirectoryParams, signal?: AbortSignal): Promise<DirectoryAnswer> {
  // A plain read (readRpc): a visitor browsing the directory needs no supabase-js.
  let answer;
  try {
    answer = await readRpc(
      'get_users',
      {
        p_query: params.q === '' ? null : params.q,
        p_sort: params.sort,
        p_limit: DIRECTORY_PAGE_SIZE,
        p_offset: directoryOffset(params.page),
      },
      signal,
    );
  } catch (cause) {
    // No client could be made (no backend settings offline).
    throw new DirectoryRequestError(cause instanceof Error ? cause.message : 'The server could not be reached', true);
  }
  const { data, error } = answer;
  if (error) throw new DirectoryRequestError(error.message, isNetworkFailure(error));
  // Throws DirectoryAnswerError (the spec's unexpected error) when the rows are unreadable.
  return readDirectoryAnswer(data);
}
