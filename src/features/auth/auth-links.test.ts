import { describe, expect, it } from 'vitest';
import { linkParams, readLink, resetCheckError, resetLinkError, resetUpdateError, verifyError } from './auth-links.ts';

const read = (current: string, landing: string | null = null) => readLink(linkParams(current, landing));

describe('readLink', () => {
  it('reads tokens from the hash, a token hash from the query, and errors from either', () => {
    expect(read('https://a.test/auth/callback#access_token=x&refresh_token=y&type=signup')).toEqual({
      kind: 'tokens',
      accessToken: 'x',
      refreshToken: 'y',
    });
    expect(read('https://a.test/auth/callback?token_hash=abc&type=recovery')).toEqual({
      kind: 'tokenHash',
      tokenHash: 'abc',
      type: 'recovery',
    });
    expect(read('https://a.test/auth/callback?token_hash=abc')).toEqual({
      kind: 'tokenHash',
      tokenHash: 'abc',
      type: undefined,
    });
    expect(read('https://a.test/auth/callback#access_token=x')).toEqual({ kind: 'incomplete' });
    expect(read('https://a.test/auth/callback')).toEqual({ kind: 'none' });
    expect(
      read(
        'https://a.test/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ kind: 'error', error: 'access_denied', code: 'otp_expired' });
  });
  it('uses the landing address (read and cleared by auth-js) only on the same path', () => {
    const landing = 'https://a.test/auth/callback#access_token=x&refresh_token=y';
    expect(read('https://a.test/auth/callback', landing)).toEqual({
      kind: 'tokens',
      accessToken: 'x',
      refreshToken: 'y',
    });
    expect(read('https://a.test/reset-password', landing)).toEqual({ kind: 'none' });
  });
});

describe('messages', () => {
  it('says why a reset link failed', () => {
    expect(resetLinkError('access_denied', 'otp_expired')).toBe(
      'Your password reset link has expired. Please request a new one.',
    );
    expect(resetLinkError('access_denied', undefined)).toBe('Access denied. Please request a new password reset link.');
    expect(resetLinkError('server_error', 'x')).toBe(
      'Invalid or expired reset link. Please request a new password reset.',
    );
    expect(resetCheckError('otp_expired', false)).toBe(
      'Your password reset link has expired. Please request a new one.',
    );
    expect(resetCheckError(undefined, true)).toBe('Request timed out. Please try again.');
    expect(resetCheckError(undefined, false)).toBe(
      'Unable to verify reset link. Please try again or request a new password reset.',
    );
    expect(resetCheckError('bad_jwt', false)).toBe(
      'Invalid or expired reset link. Please request a new password reset.',
    );
  });
  it('says why a new password was not saved', () => {
    expect(resetUpdateError('session_not_found', 'x', false)).toBe(
      'Your session has expired. Please request a new password reset link.',
    );
    expect(resetUpdateError(undefined, 'Auth session missing!', false)).toBe(
      'Your session has expired. Please request a new password reset link.',
    );
    expect(resetUpdateError('current_password_required', 'x', false)).toBe(
      'Your session has expired. Please request a new password reset link.',
    );
    expect(resetUpdateError(undefined, undefined, true)).toBe('Request timed out. Please try again.');
    expect(resetUpdateError('same_password', 'New password should be different from the old password.', false)).toBe(
      'New password should be different from the old password.',
    );
    expect(resetUpdateError('unexpected_failure', 'boom', false)).toBe('Failed to update password. Please try again.');
  });
  it('says why a verification link failed', () => {
    expect(verifyError('tokenHash', 'otp_expired')).toBe(
      'Email verification link has expired. Please request a new one.',
    );
    expect(verifyError('tokenHash', 'validation_failed')).toBe('Email verification failed');
    expect(verifyError('tokenHash', 'otp_invalid')).toBe('Email verification failed');
    expect(verifyError('link', 'otp_invalid')).toBe('Email verification failed');
    expect(verifyError('link', 'otp_expired')).toBe('Email verification link has expired. Please request a new one.');
    expect(verifyError('tokens', 'bad_jwt')).toBe('Authentication failed');
  });
});
