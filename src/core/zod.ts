// zod for the whole app: zod/mini, set to run without `new Function` and to speak English.
// - jitless: zod's JIT (and even its probe for whether eval is allowed) breaks the
//   Content-Security-Policy (script-src 'self', no eval). The setting is read when a schema is
//   built, so every module takes z from here, never from 'zod'.
// - mini: its schemas carry no methods (checks are passed to .check()), so the bundler keeps only
//   the checks in use. The same schemas cost 8 KB with it against 23 KB with classic zod (brotli),
//   whose every schema brings every method; and every first visit runs some (the server's answers,
//   the mutations). mini loads no messages by default: English is set here, as classic zod does.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config({ ...en(), jitless: true });

export { z };

/**
 * A schema built on its first use, then kept. Building a zod schema is not free (a phone spends
 * tens of milliseconds on a module's schemas while the page starts, counted in Total Blocking
 * Time; docs/decisions/0007-hand-guards-for-first-screen-answers.md): a schema that
 * checks what only an action brings (a push's answer, a member's journal) waits for that action.
 */
export function lazySchema<T>(build: () => T): () => T {
  let schema: { readonly value: T } | null = null;
  return () => {
    schema ??= { value: build() };
    return schema.value;
  };
}
