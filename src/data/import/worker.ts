// The import worker: decoding, parsing and matching a file off the page's thread, so
// a 5,000-row file never freezes the page. It opens the device's database itself (IndexedDB works
// in workers) to read the catalogue, and reports progress as it goes. It writes nothing.
import { CheckpointDb } from '../../store/db.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { createImportReader, errorMessage, type ImportReader } from './read-file.ts';

const scope = self as unknown as {
  postMessage(m: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};
const post = (m: FromWorker) => scope.postMessage(m);
let reader: ImportReader | null = null;
let db: CheckpointDb | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  void (async () => {
    try {
      if (message.type === 'read') {
        post({ type: 'progress', phase: 'reading', done: 0, total: message.bytes.byteLength });
        db ??= new CheckpointDb();
        reader = createImportReader(db, new Uint8Array(message.bytes), message.today, message.nowSeconds, post);
        post({ type: 'shape', shape: reader.shape() });
      } else if (reader) {
        post(await reader.match(message.mapping));
      }
    } catch (error) {
      post(errorMessage(error));
    }
  })();
};
