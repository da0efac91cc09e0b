// The strict TOML reader that tests read supabase/config.toml with: the subset it reads, and that it
// refuses (naming the line) whatever lies outside it instead of guessing.
import { describe, expect, it } from 'vitest';
import { parseToml } from '../support/toml.ts';

describe('parseToml', () => {
  it('reads tables, strings, booleans, integers and one-line arrays', () => {
    const text = [
      '# a comment',
      'project_id = "checkpoint" # trailing comment',
      '',
      '[auth]',
      'site_url = "http://localhost:5173"',
      'urls = ["a#b", "c\\"d", "\\u00e9"]',
      '',
      '[auth.external.github]',
      'enabled = true',
      'port = -54321',
      'empty = []',
      '[functions.igdb-search]',
      'verify_jwt = false',
    ].join('\n');
    expect(parseToml(text)).toEqual({
      project_id: 'checkpoint',
      auth: {
        site_url: 'http://localhost:5173',
        urls: ['a#b', 'c"d', 'é'],
        external: { github: { enabled: true, port: -54321, empty: [] } },
      },
      functions: { 'igdb-search': { verify_jwt: false } },
    });
  });

  it.each([
    ['a dotted key', 'auth.enabled = true', /line 1: expected \[table\] or key = value/],
    ['an inline table', 'x = { a = 1 }', /line 1: unsupported value/],
    ['a float', 'x = 1.5', /line 1: unsupported value/],
    ['a literal string', "x = 'a'", /line 1: unsupported value/],
    ['an unterminated string', 'x = "a', /line 1: unterminated string/],
    ['an array over two lines', 'x = [\n"a"]', /line 1: unterminated array/],
    ['a missing comma', 'x = ["a" "b"]', /line 1: expected "," or "]"/],
    ['text after a value', 'x = "a" "b"', /line 1: unexpected text after the value/],
    ['a key defined twice', '[a]\nx = 1\nx = 2', /line 3: x defined twice/],
    ['a table defined twice', '[a]\n[b]\n[a]', /line 3: table \[a\] defined twice/],
    ['a table over a value', 'a = 1\n[a]', /line 2: a is not a table/],
    ['an array of tables', '[[a]]', /line 1: /],
  ])('refuses %s', (_label, text, message) => {
    expect(() => parseToml(text)).toThrow(message);
  });
});
