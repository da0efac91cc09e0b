import { describe, expect, it } from 'vitest';
import {
  loginSchema,
  newPasswordFormSchema,
  passwordStrength,
  resetSchema,
  signupSchema,
  validateForm,
} from './auth-rules.ts';

const goodSignup = {
  username: 'pixel_fan',
  email: 'fan@example.com',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  agreeToTerms: true,
};
const signupErrors = (patch: Partial<typeof goodSignup>) => {
  const result = validateForm(signupSchema, { ...goodSignup, ...patch });
  return result.ok ? {} : result.errors;
};

describe('login', () => {
  it('needs a valid email and a password; remember me is optional', () => {
    expect(validateForm(loginSchema, { email: 'nope', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
    expect(validateForm(loginSchema, { email: ' a@b.co ', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'a@b.co', password: 'x' },
    });
  });
});

describe('signup', () => {
  it('accepts a good form', () => {
    expect(validateForm(signupSchema, goodSignup).ok).toBe(true);
  });
  it('checks the username length and characters', () => {
    expect(signupErrors({ username: 'ab' }).username).toBe('Username must be at least 3 characters');
    expect(signupErrors({ username: 'a'.repeat(31) }).username).toBe('Username must be less than 30 characters');
    expect(signupErrors({ username: 'a'.repeat(30) }).username).toBeUndefined();
    expect(signupErrors({ username: 'bad name!' }).username).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
  });
  it('reports the first password rule broken', () => {
    const cases: [string, string][] = [
      ['Sh0rt!', 'Password must be at least 8 characters'],
      ['lower1!case', 'Password must contain at least one uppercase letter'],
      ['UPPER1!CASE', 'Password must contain at least one lowercase letter'],
      ['NoDigits!!', 'Password must contain at least one number'],
      ['NoSpecial12', 'Password must contain at least one special character'],
    ];
    for (const [password, message] of cases)
      expect(signupErrors({ password, confirmPassword: password }).password).toBe(message);
  });
  it('puts a mismatch on the confirmation and requires the terms', () => {
    expect(signupErrors({ confirmPassword: 'Other1!pass' })).toEqual({ confirmPassword: "Passwords don't match" });
    expect(signupErrors({ agreeToTerms: false })).toEqual({
      agreeToTerms: 'You must agree to the terms and conditions',
    });
    expect(signupErrors({ email: 'x@' }).email).toBe('Please enter a valid email address');
  });
});

describe('reset and new password', () => {
  it('needs a valid email', () => {
    expect(validateForm(resetSchema, { email: '' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });
  it('applies the signup password rules and the same confirmation message', () => {
    expect(validateForm(newPasswordFormSchema, { password: 'weak', confirmPassword: 'weak' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 8 characters' },
    });
    expect(validateForm(newPasswordFormSchema, { password: 'Str0ng!pass', confirmPassword: 'Str0ng!pas' })).toEqual({
      ok: false,
      errors: { confirmPassword: "Passwords don't match" },
    });
  });
});

describe('passwordStrength', () => {
  it('scores one point per rule, with the spec labels', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: 'None' });
    expect(passwordStrength('a')).toEqual({ score: 1, label: 'Very Weak' });
    expect(passwordStrength('aA')).toEqual({ score: 2, label: 'Weak' });
    expect(passwordStrength('aA1')).toEqual({ score: 3, label: 'Fair' });
    expect(passwordStrength('aA1!')).toEqual({ score: 4, label: 'Good' });
    expect(passwordStrength('aA1!aaaa')).toEqual({ score: 5, label: 'Strong' });
    expect(passwordStrength('abcdefgh')).toEqual({ score: 2, label: 'Weak' });
  });
});
