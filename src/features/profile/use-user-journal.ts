// Another member's journal for the profile's Journal tab (use-member-feed.ts): pages from
// get_user_journal (only what the viewer may see), 'Load more' further back, and offline (or when
// the server fails) last time's sessions as kept on this device.
import {
  fetchUserJournal,
  saveUserJournal,
  savedUserJournal,
  type RemoteJournalPage,
} from '../../data/journal/journal-remote.ts';
import { useMemberFeed, type FeedSource, type MemberFeed } from './use-member-feed.ts';

const journalSource: FeedSource<RemoteJournalPage> = {
  first: (userId, signal) => fetchUserJournal(userId, null, signal),
  async next(userId, shown) {
    const last = shown.entries.at(-1);
    const page = await fetchUserJournal(userId, last ? { played_on: last.played_on, id: last.id } : null);
    return (latest) => ({
      ...page,
      entries: [...latest.entries, ...page.entries.filter((e) => !latest.entries.some((p) => p.id === e.id))],
    });
  },
  saved: savedUserJournal,
  save: saveUserJournal,
};

export function useUserJournal(userId: number): MemberFeed<RemoteJournalPage> {
  return useMemberFeed(journalSource, userId);
}
