// A strict reader for the part of TOML that supabase/config.toml uses (no TOML package is installed):
// comments, [dotted.table] headers, one-line `key = value` with basic strings, booleans, integers
// and arrays of those. Anything else is an error naming the line, never a guess.
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

const BARE_KEY = /^[A-Za-z0-9_-]+$/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

class Cursor {
  at = 0;
  constructor(
    readonly text: string,
    readonly line: number,
  ) {}

  fail(what: string): never {
    throw new Error(`config TOML line ${this.line}: ${what}`);
  }

  skipSpace(): void {
    while (this.at < this.text.length) {
      const c = this.text[this.at];
      if (c === ' ' || c === '\t') this.at += 1;
      else if (c === '#') this.at = this.text.length;
      else break;
    }
  }

  string(): string {
    let out = '';
    for (this.at += 1; this.at < this.text.length; this.at += 1) {
      const c = this.text[this.at];
      if (c === '"') {
        this.at += 1;
        return out;
      }
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[++this.at] ?? '';
      const unicode = e === 'u' ? /^[0-9A-Fa-f]{4}/.exec(this.text.slice(this.at + 1)) : null;
      if (unicode) {
        out += String.fromCharCode(parseInt(unicode[0], 16));
        this.at += 4;
      } else if (ESCAPES[e] !== undefined) out += ESCAPES[e];
      else this.fail(`unsupported escape \\${e}`);
    }
    return this.fail('unterminated string');
  }

  value(): TomlValue {
    this.skipSpace();
    const rest = this.text.slice(this.at);
    if (rest.startsWith('"')) return this.string();
    if (rest.startsWith('[')) {
      this.at += 1;
      const items: TomlValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.at >= this.text.length) this.fail('unterminated array (an array must fit on one line)');
        if (this.text[this.at] === ']') break;
        items.push(this.value());
        this.skipSpace();
        if (this.text[this.at] === ',') this.at += 1;
        else if (this.text[this.at] !== ']') this.fail('expected "," or "]" in an array');
      }
      this.at += 1;
      return items;
    }
    const word = /^(true|false|[+-]?(0|[1-9][0-9]*))(?=[\s,\]#]|$)/.exec(rest)?.[0];
    if (word === undefined) this.fail(`unsupported value: ${rest}`);
    this.at += word.length;
    return word === 'true' ? true : word === 'false' ? false : Number(word);
  }
}

function table(root: TomlTable, keys: readonly string[], fail: (what: string) => never): TomlTable {
  let at = root;
  for (const key of keys) {
    const next = at[key] ?? (at[key] = {});
    if (typeof next !== 'object' || Array.isArray(next)) fail(`${key} is not a table`);
    at = next;
  }
  return at;
}

/** Parses `text`; throws on any syntax outside the subset, a duplicate key or a duplicate table. */
export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  const headers = new Set<string>();
  let current = root;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const cursor = new Cursor(lines[i] ?? '', i + 1);
    const fail: (what: string) => never = (what) => cursor.fail(what);
    cursor.skipSpace();
    const rest = cursor.text.slice(cursor.at);
    if (rest === '') continue;
    const header = /^\[([^[\]]+)\]\s*(#.*)?$/.exec(rest);
    if (header?.[1]) {
      const keys = header[1].split('.').map((k) => k.trim());
      if (!keys.every((k) => BARE_KEY.test(k))) fail(`unsupported table name [${header[1]}]`);
      const name = keys.join('.');
      if (headers.has(name)) fail(`table [${name}] defined twice`);
      headers.add(name);
      current = table(root, keys, fail);
      continue;
    }
    const assignment = /^([A-Za-z0-9_-]+)\s*=/.exec(rest);
    if (!assignment?.[1]) fail(`expected [table] or key = value: ${rest}`);
    const key = assignment[1];
    if (key in current) fail(`${key} defined twice`);
    const value = new Cursor(rest.slice(assignment[0].length), i + 1);
    current[key] = value.value();
    value.skipSpace();
    if (value.at !== value.text.length) fail(`unexpected text after the value: ${value.text.slice(value.at)}`);
  }
  return root;
}
