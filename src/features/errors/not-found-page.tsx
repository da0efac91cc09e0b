// Any path the route table does not know: 'Page Not Found', showing the path.
import { Link, useLocation } from 'react-router-dom';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import './errors.css';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta({ title: 'Page Not Found', description: `Nothing lives at ${pathname} on Checkpoint.`, noIndex: true });
  return (
    <main className="page not-found" aria-labelledby="not-found-title">
      <div className="not-found__panel">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="not-found__title">
          Page Not Found
        </h1>
        <p className="not-found__text">
          There's no page at <code className="not-found__path">{pathname}</code>. It may have moved, or the address may
          be mistyped.
        </p>
        <div className="not-found__actions">
          <Link className="button button--primary not-found__action" to="/">
            Go Home
          </Link>
          <Link className="button button--ghost not-found__action" to="/search">
            Browse Games
          </Link>
        </div>
      </div>
    </main>
  );
}
