// auth.users rows and their JSON form, the `User` object GoTrue returns and auth-js expects.
import type { Queryable } from '../db.ts';
import { isRecord } from '../http.ts';

export interface UserRow {
  [column: string]: unknown;
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return EMAIL_PATTERN.test(email) && email.length <= 255 ? email : undefined;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>('select * from auth.users where email = $1', [email]))[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>('select * from auth.users where id = $1::uuid', [id]))[0];
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  confirmed: boolean;
}

export async function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  const rows = await q.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at)
     values ($1, $2, $3::jsonb, $4::jsonb, case when $5::boolean then now() end)
     returning *`,
    [
      user.email,
      user.passwordHash,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.confirmed,
    ],
  );
  return one(rows);
}

/** Sets the given columns (names are ours, never the client's) and returns the new row. */
export async function updateUser(q: Queryable, id: string, changes: Record<string, unknown>): Promise<UserRow> {
  const names = Object.keys(changes);
  const sets = names.map((name, i) => `${name} = $${i + 2}`);
  const rows = await q.query<UserRow>(
    `update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1::uuid returning *`,
    [id, ...names.map((n) => toParam(changes[n]))],
  );
  return one(rows);
}

function toParam(value: unknown): unknown {
  return isRecord(value) || Array.isArray(value) ? JSON.stringify(value) : value;
}

function one(rows: UserRow[]): UserRow {
  const row = rows[0];
  if (!row) throw new Error('auth.users: expected one row');
  return row;
}

const iso = (d: Date | null): string | undefined => (d ? new Date(d).toISOString() : undefined);

/** GoTrue's JSON for a user, identities included (one per sign-in provider). */
export function userJson(row: UserRow): Record<string, unknown> {
  const provider = typeof row.raw_app_meta_data.provider === 'string' ? row.raw_app_meta_data.provider : 'email';
  const created = iso(row.created_at);
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(row.email_confirmed_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: [
      {
        identity_id: row.id,
        id: row.id,
        user_id: row.id,
        identity_data: {
          email: row.email,
          email_verified: row.email_confirmed_at !== null,
          phone_verified: false,
          sub: row.id,
        },
        provider,
        last_sign_in_at: iso(row.last_sign_in_at) ?? created,
        created_at: created,
        updated_at: iso(row.updated_at),
        email: row.email,
      },
    ],
    created_at: created,
    updated_at: iso(row.updated_at),
    is_anonymous: row.is_anonymous,
  };
}
