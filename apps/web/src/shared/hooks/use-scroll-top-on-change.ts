import { useEffect, useRef } from 'react';

/** Scrolls to the top when `key` changes (not on arrival): a multi-step form shows each step from its title. */
export function useScrollTopOnChange(key: unknown) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo?.({ top: 0, behavior: 'instant' });
  }, [key]);
}
