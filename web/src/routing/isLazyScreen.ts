import type { LazyScreen } from './lazyScreen';

/** Whether a route's component is a screen loaded on demand (lazyScreen), with its code's controls. */
export function isLazyScreen(component: unknown): component is LazyScreen {
  return (
    typeof component === 'function' &&
    'preload' in component &&
    typeof component.preload === 'function' &&
    'prefetch' in component &&
    typeof component.prefetch === 'function' &&
    'ready' in component &&
    typeof component.ready === 'function'
  );
}
