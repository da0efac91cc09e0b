import { describe, expect, it } from 'vitest';
import { buildErrorReport, errorMessage, formatErrorReport, isChunkLoadError, newErrorId } from './error-report.ts';

describe('error report', () => {
  it('makes short upper-case ids that differ by time and randomness', () => {
    expect(newErrorId(1_700_000_000_000, () => 0.5)).toMatch(/^ERR-[0-9A-Z]+-[0-9A-Z]{4}$/);
    expect(newErrorId(1, () => 0.1)).not.toBe(newErrorId(1, () => 0.2));
    expect(newErrorId(1, () => 0.1)).not.toBe(newErrorId(2, () => 0.1));
  });

  it('reads the message of anything thrown', () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe('x is undefined');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ status: 404, statusText: 'Not Found' })).toBe('404 Not Found');
    expect(errorMessage(null)).toBe('Unknown error');
  });

  it('recognises a failed download of a lazily loaded screen', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/faq.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('copies the id, message, stack, timestamp, browser and URL', () => {
    const error = new Error('boom');
    const report = buildErrorReport(error, 'ERR-1', {
      now: new Date('2026-01-02T03:04:05.000Z'),
      userAgent: 'Chrome/140',
      url: 'https://c.app/faq',
    });
    const text = formatErrorReport(report);
    expect(text).toContain('Error ID: ERR-1');
    expect(text).toContain('Message: boom');
    expect(text).toContain('Timestamp: 2026-01-02T03:04:05.000Z');
    expect(text).toContain('Browser: Chrome/140');
    expect(text).toContain('URL: https://c.app/faq');
    expect(text).toContain(error.stack?.split('\n')[1]?.trim() ?? '');
    expect(formatErrorReport({ ...report, stack: null })).toContain('(no stack trace)');
  });
});
