// Any path the route table does not know (spec 000 §2): 'Page Not Found', showing the path.
import { Link, useLocation } from 'react-router-dom';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="page page--narrow status-page">
      <h1>Page Not Found</h1>
      <p>Nothing lives at <code>{pathname}</code>.</p>
      <p><Link className="button" to="/">Back to the home page</Link></p>
    </main>
  );
}
