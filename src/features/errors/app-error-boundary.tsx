// The app's outermost error boundary: whatever fails above the routes (the
// shell, a provider) still gets the error screen rather than a blank page. 'Try Again' renders
// the app again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface State {
  readonly error: unknown;
  readonly failed: boolean;
}

export class AppErrorBoundary extends Component<{ readonly children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // ErrorScreen logs the error with its id; the component stack is only here.
    console.error('Component stack:', info.componentStack);
    void error;
  }

  private readonly reset = () => this.setState({ error: null, failed: false });

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} onRetry={this.reset} /> : this.props.children;
  }
}
