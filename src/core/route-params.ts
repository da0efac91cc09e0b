// What an address names: a member's number (/user/{id}) and a game's identifier (/game/{identifier}).
// Free of imports: boot.ts, the page's first script, reads them to send a first visit's read early
// (src/data/first-read.ts), and the screens check them the same way.

/** The profile id from the address: digits only, a safe positive integer, else null ('Invalid user ID'). */
export function parseUserId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether a game page's identifier can name a game: a slug or a number, at most 200 characters. */
export const validGameIdentifier = (identifier: string): boolean =>
  /^[a-z0-9]+(-[a-z0-9]+)*$/i.test(identifier) && identifier.length <= 200;
