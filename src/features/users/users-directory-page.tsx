// /users and /users?q= : member search (case-insensitive on username and bio). Issue 6 grows this
// into the full 'Discover Users' directory; until then it answers the header's Users tab.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MIN_QUERY_LENGTH } from '../../core/search/constants.ts';
import type { UserSearchResult } from '../../data/search/types.ts';
import { useSearchService } from '../search/search-context.tsx';
import { DeviceNote } from '../search/device-note.tsx';
import '../search/search.css';

type State = { readonly phase: 'idle' | 'loading' | 'error' } | { readonly phase: 'done'; readonly result: UserSearchResult };

export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const service = useSearchService();
  const [state, setState] = useState<State>({ phase: 'idle' });

  useEffect(() => setDraft(q), [q]);
  useEffect(() => {
    document.title = 'Discover Users · Checkpoint';
    if (q.length < MIN_QUERY_LENGTH) { setState({ phase: 'idle' }); return; }
    const controller = new AbortController();
    setState({ phase: 'loading' });
    service.searchUsers(q, controller.signal).then(
      (result) => { if (!controller.signal.aborted) setState({ phase: 'done', result }); },
      () => { if (!controller.signal.aborted) setState({ phase: 'error' }); },
    );
    return () => controller.abort();
  }, [q, service]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };

  return (
    <main className="page users-page">
      <div className="results-head"><h1>Discover Users</h1></div>
      <form className="inline-search" role="search" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor="users-q">Search users</label>
        <input id="users-q" type="search" value={draft} placeholder="Search users..." maxLength={100} onChange={(e) => setDraft(e.target.value)} />
        <button className="button button--primary" type="submit" disabled={draft.trim() === ''}>Search</button>
      </form>
      {state.phase === 'idle' && <p className="empty">Search members by name or bio.</p>}
      {state.phase === 'loading' && <p className="header-search__status"><span className="spinner" aria-hidden="true" />Searching users...</p>}
      {state.phase === 'error' && <p className="notice notice--error" role="alert">Search failed. Please try again.</p>}
      {state.phase === 'done' && state.result.fromDevice && <DeviceNote offline={!navigator.onLine} />}
      {state.phase === 'done' && state.result.users.length === 0 && <p className="empty">No users found</p>}
      {state.phase === 'done' && state.result.users.length > 0 && (
        <ul className="result-list">
          {state.result.users.map((u) => (
            <li key={u.id}>
              <Link className="result-row" to={`/user/${u.id}`}>
                {u.avatar_url ? <img className="search-option__avatar" src={u.avatar_url} alt="" width={44} height={44} />
                  : <span className="search-option__avatar search-option__avatar--initial" aria-hidden="true">{(u.username[0] ?? '?').toUpperCase()}</span>}
                <span className="result-row__main">
                  <span className="result-row__name">{u.username}</span>
                  {u.bio && <span className="result-row__meta">{u.bio}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
