import { type ComponentType, type FunctionComponent, createElement, lazy } from 'react';

/**
 * A screen whose code loads on demand and can be loaded ahead of time. Once loaded it renders at once,
 * without a Suspense fallback (React holds content back ~300 ms after a fallback has shown, which a
 * preloaded screen never needs).
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): FunctionComponent<P> & { preload(): Promise<void> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => (loading ??= load().then((module) => { loaded = module.default; }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Screen: FunctionComponent<P> = (props) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Screen, { preload });
}
