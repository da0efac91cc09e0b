// A promise that gives up: the reset page's link check and password update each stop after 15 s.
import { withTimeout as giveUpAfter } from '../../core/with-timeout.ts';

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  giveUpAfter(promise, ms, () => new TimeoutError(`Timed out after ${ms} ms`));
