// Import: the limits and the texts a member reads, each named once.

/** The largest file an import reads: 20 MB. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows (games) one import holds: 20,000. */
export const IMPORT_MAX_ROWS = 20_000;
/** Rows applied per IndexedDB transaction: each batch is applied, queued and counted at once. */
export const IMPORT_BATCH_SIZE = 100;
/** Rows asked of the catalogue function at once when the device's catalogue does not know them. */
export const IMPORT_REMOTE_CONCURRENCY = 4;
/** Candidates shown for a row that needs a choice. */
export const IMPORT_CANDIDATES = 5;

export const IMPORT_TEXT = {
  title: 'Import',
  empty: 'This file is empty. Choose a Checkpoint export (.json) or a CSV file with one game per row.',
  tooLarge: 'This file is too large to import. The limit is 20 MB and 20,000 rows: split it into smaller files.',
  tooManyRows: 'This file has more than 20,000 rows, the most one import takes. Split it into smaller files.',
  wrongFormat:
    'This file is not one Checkpoint can import. Choose a Checkpoint export (.json), a Grouvee export (.csv) or another CSV file with one game per row.',
  notCheckpointJson: 'This JSON file is not a Checkpoint export (it has no "format": "checkpoint-export").',
  newerVersion:
    'This export was made by a newer version of Checkpoint. Reload the app to update it, then import again.',
  brokenJson: 'This JSON file is damaged (it does not parse). Export it again and retry.',
  binary: 'This file is not text. Choose a .json or .csv file.',
  noTitleColumn: 'Choose the column that holds the game titles.',
  noHeader: 'This CSV file has no header row naming its columns.',
  failed: 'The import stopped. Nothing more was written; try again.',
} as const;

/** A problem with the file itself: the import writes nothing and the member reads `message`. */
export class ImportFileError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}
