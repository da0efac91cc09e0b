// What a screen that fails to load or render shows instead of a blank page. Issue 5 replaces it
// with the full global error screen of spec 000 ('Try Again', 'Refresh Page', 'Copy Error Details').
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="page page--narrow status-page" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p><button type="button" className="button" onClick={() => window.location.reload()}>Refresh Page</button></p>
    </main>
  );
}
