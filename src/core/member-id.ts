// A member's number in an address (/user/{id}). Free of imports: boot.ts, the page's first script,
// reads it to send a first visit's profile read early (src/data/first-read.ts).

/** The profile id from the address: digits only, a safe positive integer, else null ('Invalid user ID'). */
export function parseUserId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
