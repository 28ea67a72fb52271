import { useEffect } from 'react';

/**
 * Loads again after `ms` while `busy` (background processing under way), once per answer:
 * `answer` changes with each load, which schedules the next one.
 */
export function useReloadWhile(busy: boolean, reload: () => void, answer: unknown, ms = 1_000): void {
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(reload, ms);
    return () => clearTimeout(timer);
  }, [busy, reload, answer, ms]);
}
