// A password-hashing worker thread (auth/passwords.ts starts a few): bcrypt is pure JavaScript
// CPU work, about 70 ms a hash at cost 10, which on the gateway's own thread held every other
// request. Plain JavaScript so that it loads as it is under tsx, vitest and plain node alike.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort?.on('message', (task) => {
  try {
    const result =
      task.op === 'hash' ? bcrypt.hashSync(task.password, task.salt) : bcrypt.compareSync(task.password, task.hash);
    parentPort?.postMessage({ id: task.id, result });
  } catch (error) {
    parentPort?.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
