// `npm start`: builds the app, then starts the gateway (main.ts). A first start takes about half a
// minute (the build, then a new database and its catalogue), so each step says what it is doing;
// Vite's file-by-file report is left out (logLevel 'warn': its warnings and errors still show).
import { build } from 'vite';

const started = Date.now();
console.log('[build] building the app…');
try {
  await build({ logLevel: 'warn' });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`[build] done in ${Math.round((Date.now() - started) / 1000)} s`);
await import('./main.ts');
