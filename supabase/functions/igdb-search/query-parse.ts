// Parses bulk IGDB query text against the allow-list (so a caller cannot run arbitrary IGDB
// queries): `fields …;`, `where …;`, `sort … asc|desc;`, `limit N;`, each at most once. Everything
// else is refused.
import {
  ALLOWED_FIELDS,
  MAX_IDS,
  MAX_QUERY_LIMIT,
  SORT_FIELDS,
  WHERE_FIELDS,
  type Condition,
  type GamesQuery,
  type SortField,
  type WhereField,
} from './query.ts';
import { tokenize, unsupported, type Token } from './query-tokens.ts';

function splitStatements(tokens: readonly Token[]): Token[][] {
  const statements: Token[][] = [];
  let current: Token[] = [];
  for (const t of tokens) {
    if (t.type === 'punct' && t.value === ';') {
      if (current.length === 0) throw unsupported('empty statement');
      statements.push(current);
      current = [];
    } else current.push(t);
  }
  if (current.length > 0) throw unsupported('every statement must end with ";"');
  return statements;
}

function show(t: Token | undefined): string {
  return t === undefined ? 'end of statement' : `"${t.value}"`;
}

function parseFields(rest: readonly Token[]): string[] {
  const fields: string[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const t = rest[i];
    if (t?.type !== 'word') throw unsupported(`expected a field name, got ${show(t)}`);
    if (!ALLOWED_FIELDS.has(t.value)) throw unsupported(`field "${t.value}" is not allowed`);
    if (!fields.includes(t.value)) fields.push(t.value);
    const sep = rest[i + 1];
    if (sep !== undefined && !(sep.type === 'punct' && sep.value === ','))
      throw unsupported(`expected "," in fields, got ${show(sep)}`);
    if (sep !== undefined && i + 2 >= rest.length) throw unsupported('trailing "," in fields');
  }
  if (fields.length === 0) throw unsupported('fields must list at least one field');
  return fields;
}

function parseValues(rest: readonly Token[], start: number): { values: number[]; next: number } {
  const first = rest[start];
  if (first?.type === 'number') return { values: [first.value], next: start + 1 };
  if (!(first?.type === 'punct' && first.value === '('))
    throw unsupported(`expected a number or "(", got ${show(first)}`);
  const values: number[] = [];
  let i = start + 1;
  for (;;) {
    const n = rest[i];
    if (n?.type !== 'number') throw unsupported(`expected a number in the list, got ${show(n)}`);
    values.push(n.value);
    const sep = rest[i + 1];
    i += 2;
    if (sep?.type === 'punct' && sep.value === ')') return { values, next: i };
    if (!(sep?.type === 'punct' && sep.value === ','))
      throw unsupported(`expected "," or ")" in the list, got ${show(sep)}`);
  }
}

function parseWhere(rest: readonly Token[]): Condition[] {
  const conditions: Condition[] = [];
  let i = 0;
  for (;;) {
    const field = rest[i];
    if (field?.type !== 'word' || !(WHERE_FIELDS as readonly string[]).includes(field.value)) {
      throw unsupported(`where may only filter on ${WHERE_FIELDS.join(', ')}, got ${show(field)}`);
    }
    const op = rest[i + 1];
    if (!(op?.type === 'punct' && op.value === '=')) throw unsupported(`only "=" is allowed in where, got ${show(op)}`);
    const { values, next } = parseValues(rest, i + 2);
    const name = field.value as WhereField;
    if (name === 'id' && values.length > MAX_IDS) throw unsupported(`at most ${MAX_IDS} ids`);
    if (name === 'parent_game' && values.length !== 1) throw unsupported('parent_game takes one id');
    if (name === 'category' && values.length > 15) throw unsupported('too many categories');
    if (conditions.some((c) => c.field === name)) throw unsupported(`"${name}" appears twice in where`);
    conditions.push({ field: name, values });
    const joiner = rest[next];
    if (joiner === undefined) return conditions;
    if (!(joiner.type === 'punct' && joiner.value === '&'))
      throw unsupported(`conditions may only be joined by "&", got ${show(joiner)}`);
    i = next + 1;
  }
}

function parseSort(rest: readonly Token[]): { field: SortField; direction: 'asc' | 'desc' } {
  const [field, dir, extra] = rest;
  if (field?.type !== 'word' || !(SORT_FIELDS as readonly string[]).includes(field.value)) {
    throw unsupported(`sort only on ${SORT_FIELDS.join(', ')}, got ${show(field)}`);
  }
  if (dir?.type !== 'word' || (dir.value !== 'asc' && dir.value !== 'desc'))
    throw unsupported(`sort direction must be asc or desc, got ${show(dir)}`);
  if (extra !== undefined) throw unsupported(`unexpected ${show(extra)} after sort`);
  return { field: field.value as SortField, direction: dir.value };
}

function parseLimit(rest: readonly Token[]): number {
  const [n, extra] = rest;
  if (n?.type !== 'number' || extra !== undefined) throw unsupported('limit takes one number');
  if (n.value < 1 || n.value > MAX_QUERY_LIMIT) throw unsupported(`limit must be between 1 and ${MAX_QUERY_LIMIT}`);
  return n.value;
}

export function parseGamesQuery(text: string): GamesQuery {
  const statements = splitStatements(tokenize(text));
  const seen = new Set<string>();
  let fields: string[] | undefined;
  let where: Condition[] = [];
  let sort: GamesQuery['sort'];
  let limit: number | undefined;
  for (const [head, ...rest] of statements) {
    const keyword = head?.type === 'word' ? head.value : '';
    if (seen.has(keyword)) throw unsupported(`"${keyword}" appears twice`);
    seen.add(keyword);
    if (keyword === 'fields') fields = parseFields(rest);
    else if (keyword === 'where') where = parseWhere(rest);
    else if (keyword === 'sort') sort = parseSort(rest);
    else if (keyword === 'limit') limit = parseLimit(rest);
    else throw unsupported(`statement ${show(head)} is not allowed`);
  }
  if (!fields) throw unsupported('a "fields" statement is required');
  return { fields, where, ...(sort ? { sort } : {}), ...(limit !== undefined ? { limit } : {}) };
}
