// The route error boundary: a screen that fails to download or render shows the global error
// screen inside the shell (header and footer stay, so the member can go elsewhere). 'Try Again'
// navigates to the same address, which clears the error and loads the screen again. The boundary
// clears its error on any visit to another address (a new location key), as React Router's own
// route boundaries do; the app uses React Router's declarative router, which has none.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorScreen } from './error-screen.tsx';

interface BoundaryProps {
  readonly locationKey: string;
  readonly children: ReactNode;
}
/** `key`: the visit the error belongs to (or the visit shown, while there is none). */
interface BoundaryState {
  readonly error: unknown;
  readonly failed: boolean;
  readonly key: string;
}

class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, key: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.locationKey === state.key) return null;
    return { error: null, failed: false, key: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // ErrorScreen logs the error with its id; the component stack is only here.
    console.error('Component stack:', info.componentStack);
    void error;
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Shows the error screen in place of its children when they fail to render, until the next visit. */
export function RouteErrorBoundary({ children }: { readonly children: ReactNode }) {
  const { key } = useLocation();
  return <LocationErrorBoundary locationKey={key}>{children}</LocationErrorBoundary>;
}

function RouteError({ error }: { readonly error: unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <ErrorScreen
      key={location.key}
      error={error}
      onRetry={() =>
        void navigate(
          { pathname: location.pathname, search: location.search, hash: location.hash },
          { replace: true, state: location.state },
        )
      }
    />
  );
}
