// The route error boundary: a screen that fails to download or render shows the global error
// screen inside the shell (header and footer stay, so the member can go elsewhere). 'Try Again'
// navigates to the same address, which clears the router's error and loads the screen again.
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen.tsx';

export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <ErrorScreen
      key={location.key}
      error={error}
      onRetry={() => void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: location.state })}
    />
  );
}
