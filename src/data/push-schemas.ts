// sync_push's answer, checked with zod (remote.ts). Its own module, loaded with the first push: a
// visitor's reads (a game page, a profile) load remote.ts for sync_pull, whose pages have
// hand-written checks, and zod's own code is not evaluated for them.
import { lazySchema, z } from '../core/zod.ts';

export const pushResultSchema = lazySchema(() =>
  z.discriminatedUnion('status', [
    z.object({
      id: z.string(),
      status: z.literal('ok'),
      result: z.unknown(),
      superseded: z.optional(z.array(z.string())),
    }),
    // A mutation id that is not a UUID is echoed back as sent (possibly null).
    z.object({ id: z.nullable(z.string()), status: z.literal('rejected'), code: z.string(), message: z.string() }),
  ]),
);
export const pushReplySchema = lazySchema(() =>
  z.object({
    results: z.array(pushResultSchema()),
    user_id: z.number(),
    clock: z.nullish(z.string()),
    client_too_old: z.nullish(z.object({ id: z.nullish(z.string()), message: z.string() })),
  }),
);

/** One mutation's result as sync_push sends it. */
export type PushResultAnswer = z.infer<ReturnType<typeof pushResultSchema>>;
