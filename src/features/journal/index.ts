// What other features use of the journal: a game's journal on its page, and an entry with its
// actions for the journal tab of a profile.
export { GameJournal } from './game-journal.tsx';
export { JournalEntryItem } from './journal-entry.tsx';
export { useJournalActions, type JournalActions } from './use-journal-actions.ts';
