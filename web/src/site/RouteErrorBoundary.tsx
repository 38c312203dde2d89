import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouterErrorScreen } from './RouterErrorScreen';

interface BoundaryState {
  error: unknown;
  /** The address the error happened at: another address (Back, a link) shows its screen again. */
  pathname: string;
}

class ScreenErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Erreur inconnue') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <RouterErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/**
 * A screen that throws while rendering, or whose code cannot be downloaded: the error screen, not
 * a blank page, until the person goes to another address (as the data router's error element did).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ScreenErrorBoundary pathname={useLocation().pathname}>{children}</ScreenErrorBoundary>;
}
