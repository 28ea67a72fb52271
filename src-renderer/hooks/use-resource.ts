import { useCallback, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../api/call.js';

export type Resource<T> = { status: 'loading' } | { status: 'failed'; problem: string } | { status: 'ready'; data: T };

/**
 * Data a screen loads for itself. `key` names what is loaded: when it changes the screen starts
 * over, and an answer for an older key is dropped. A reload, or a change of `refreshOn` (something
 * else that changed the same data), loads again and keeps showing the data it replaces meanwhile.
 */
export function useResource<T>(
  key: string,
  load: () => Promise<Outcome<T>>,
  refreshOn?: unknown,
): { resource: Resource<T>; reload(): void } {
  const [state, setState] = useState<{ key: string; resource: Resource<T> }>({ key, resource: { status: 'loading' } });
  const [generation, setGeneration] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  // Counts what was asked: an answer is dropped as soon as a reload is asked for, not once it has begun.
  const asked = useRef(0);
  useEffect(() => {
    const mine = ++asked.current;
    void latestLoad.current().then((outcome) => {
      if (mine !== asked.current) return;
      const resource: Resource<T> = outcome.ok ? { status: 'ready', data: outcome.data } : { status: 'failed', problem: outcome.problem };
      setState({ key, resource });
    });
    return () => {
      asked.current++;
    };
  }, [key, generation, refreshOn]);
  const reload = useCallback(() => {
    asked.current++;
    setGeneration((value) => value + 1);
  }, []);
  return { resource: state.key === key ? state.resource : { status: 'loading' }, reload };
}
