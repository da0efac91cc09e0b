import { describe, expect, it } from 'vitest';
import { lazySchema, z } from './zod.ts';

describe('lazySchema', () => {
  it('builds the schema on the first call only, then hands back the same one', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ id: z.number() });
    });
    expect(builds).toBe(0);
    const first = schema();
    expect(builds).toBe(1);
    expect(schema()).toBe(first);
    expect(builds).toBe(1);
  });

  it('checks exactly as the schema built at once', () => {
    const build = () => z.object({ id: z.number(), name: z.nullable(z.string()) });
    const eager = build();
    const lazy = lazySchema(build);
    for (const input of [{ id: 1, name: null }, { id: 1, name: 'a' }, { id: '1', name: 'a' }, { id: 1 }, null, []])
      expect(lazy().safeParse(input).success).toBe(eager.safeParse(input).success);
    expect(lazy().safeParse({ id: 1, name: null }).success).toBe(true);
    expect(lazy().safeParse({ id: '1', name: null }).success).toBe(false);
  });
});
