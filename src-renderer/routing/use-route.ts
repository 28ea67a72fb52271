import { useSyncExternalStore } from 'react';
import { parseHash, type Route } from './route.js';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The current route; server rendering (the component tests) starts at the organizations. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash, () => '');
}

export function useRoute(): Route {
  return parseHash(useHash());
}

export function navigate(href: string): void {
  window.location.hash = href.replace(/^#/, '');
}
