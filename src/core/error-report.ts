// The global error screen's report: an error id to quote, and the details 'Copy Error Details' puts
// on the clipboard (error id, message, stack, timestamp, browser, URL).

export interface ErrorReport {
  readonly id: string;
  readonly message: string;
  readonly stack: string | null;
  readonly timestamp: string;
  readonly browser: string;
  readonly url: string;
}

/** A short id a member can quote: ERR- plus time and randomness in base 36, upper case. */
export function newErrorId(now: number = Date.now(), random: () => number = Math.random): string {
  const noise = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `ERR-${now.toString(36)}-${noise}`.toUpperCase();
}

/** The message of whatever was thrown (an Error, a route error response, a string, anything). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const { statusText, status, message } = error as { statusText?: unknown; status?: unknown; message?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof status === 'number')
      return `${status}${typeof statusText === 'string' && statusText ? ` ${statusText}` : ''}`;
  }
  return 'Unknown error';
}

/** A failed download of a lazily loaded screen (the wording differs per browser). */
export function isChunkLoadError(error: unknown): boolean {
  const text = `${error instanceof Error ? error.name : ''} ${errorMessage(error)}`;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i.test(
    text,
  );
}

export function buildErrorReport(
  error: unknown,
  id: string,
  context: { now: Date; userAgent: string; url: string },
): ErrorReport {
  return {
    id,
    message: errorMessage(error),
    stack: error instanceof Error && error.stack ? error.stack : null,
    timestamp: context.now.toISOString(),
    browser: context.userAgent,
    url: context.url,
  };
}

/** The clipboard text, one labelled field a line, the stack last. */
export function formatErrorReport(report: ErrorReport): string {
  return [
    `Error ID: ${report.id}`,
    `Message: ${report.message}`,
    `Timestamp: ${report.timestamp}`,
    `Browser: ${report.browser}`,
    `URL: ${report.url}`,
    `Stack:`,
    report.stack ?? '(no stack trace)',
  ].join('\n');
}
