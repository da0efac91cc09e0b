import { expect, it } from 'vitest';
import { parseScreenFiles } from './screen-files.ts';

it("reads the build's table of each screen's files, keeping only the app's own", () => {
  const table = JSON.stringify({
    'game/:identifier': ['/assets/game-page-Cz94B1iI.js', '/assets/game-page-D962OAHN.css'],
    search: ['/assets/browse-page-T080ZGY8.js', 'https://elsewhere.example/x.js', '/assets/../sw.js', 7],
    users: 'not a list',
  });
  expect(parseScreenFiles(table)).toEqual({
    'game/:identifier': ['/assets/game-page-Cz94B1iI.js', '/assets/game-page-D962OAHN.css'],
    search: ['/assets/browse-page-T080ZGY8.js'],
  });
});

it('has nothing for a missing or malformed table', () => {
  for (const text of [null, undefined, '', '{', '[]', 'null', '"x"']) expect(parseScreenFiles(text)).toEqual({});
});
