import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element the ref is put on has come within a screen of the viewport (once true, it
 * stays true): a long list draws its heavy parts as they are scrolled to, not all before the
 * first screen can be used. `now` skips the wait (the first entries of a list, which are on screen).
 */
export function useNearView<E extends Element>(now: boolean): { ref: RefObject<E | null>; near: boolean } {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(now);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
