// /debug-auth: what the app knows about the session, for support and development.
// Tokens are never printed whole. Test links to a few member profiles.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth, useAuthStore } from '../../ui/auth/auth-context.tsx';
import './auth.css';

const TEST_PROFILES = [5, 7, 9, 11] as const;

interface SessionInfo {
  readonly expiresAt: string | null;
  readonly accessToken: string;
  readonly provider: string | null;
  readonly userId: string;
}

/** The first and last few characters: enough to tell two tokens apart, not to use one. */
function redact(token: string): string {
  return token.length <= 16
    ? '•'.repeat(token.length)
    : `${token.slice(0, 6)}…${token.slice(-4)} (${token.length} chars)`;
}

export default function DebugAuthPage() {
  const auth = useAuth();
  const store = useAuthStore();
  const [session, setSession] = useState<SessionInfo | null | 'unavailable'>(null);

  useEffect(() => {
    let live = true;
    store
      .client()
      .then((client) => client.auth.getSession())
      .then(
        ({ data }) => {
          if (!live) return;
          const s = data.session;
          setSession(
            s
              ? {
                  expiresAt: s.expires_at ? new Date(s.expires_at * 1000).toLocaleString() : null,
                  accessToken: redact(s.access_token),
                  provider:
                    typeof s.user.app_metadata['provider'] === 'string' ? s.user.app_metadata['provider'] : null,
                  userId: s.user.id,
                }
              : null,
          );
        },
        () => {
          if (live) setSession('unavailable');
        },
      );
    return () => {
      live = false;
    };
  }, [store, auth]);

  const rows: [string, string][] = [
    ['Status', auth.status === 'signedIn' ? 'Signed in' : auth.status === 'signedOut' ? 'Signed out' : 'Loading...'],
  ];
  if (auth.status === 'signedIn') {
    rows.push(
      ['Username', auth.user.username ?? '—'],
      ['Email', auth.user.email ?? '—'],
      ['Email confirmed', auth.user.emailConfirmed ? 'Yes' : 'No'],
      ['Auth account id', auth.user.id],
      [
        'Database user id',
        auth.memberId === null ? (auth.memberLoading ? 'Loading user data...' : 'Not resolved') : String(auth.memberId),
      ],
    );
  }
  const sessionRows: [string, string][] =
    session === 'unavailable'
      ? [['Session', 'Backend unavailable (offline?)']]
      : session === null
        ? [['Session', 'None']]
        : [
            ['Provider', session.provider ?? '—'],
            ['Access token', session.accessToken],
            ['Expires', session.expiresAt ?? '—'],
          ];

  return (
    <main className="page debug-auth">
      <h1>Auth debug</h1>
      <section className="card">
        <h2>Auth state</h2>
        <dl className="debug-auth__grid" data-testid="auth-state">
          {rows.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card">
        <h2>Session</h2>
        <dl className="debug-auth__grid">
          {sessionRows.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card">
        <h2>Test links</h2>
        <ul className="debug-auth__links">
          {TEST_PROFILES.map((id) => (
            <li key={id}>
              <Link className="button button--ghost auth-page__button" to={`/user/${id}`}>
                /user/{id}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
