import { Component, type ReactNode } from 'react';
import { RouterErrorScreen } from './RouterErrorScreen';

/** A screen that throws while rendering, or whose code cannot be downloaded: the error screen, not a blank page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Erreur inconnue') };
  }

  override render() {
    return this.state.error ? <RouterErrorScreen error={this.state.error} /> : this.props.children;
  }
}
