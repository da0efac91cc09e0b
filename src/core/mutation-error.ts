// The one error shape of writes, in a module of its own so that code needing only the error (the
// mutators' small helpers, which search's catalogue rows share) does not load mutations.ts's zod
// schemas with it. mutations.ts re-exports it.

/** The one error shape of writes: a stable code and the message the member reads (spec text). */
export class MutationError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'MutationError';
  }
}
