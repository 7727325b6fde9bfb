import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's draft kept in this tab's sessionStorage, so a reload of the tab (Android reloads it after the round trip to
 * a UPI app) brings it back. Leaving the screen within the app forgets it (a reload runs no clean-up, so it survives
 * only that), as does `clear` (on success); a draft that cannot be read (or a browser without storage) starts from
 * `initial`.
 */
export function useSessionDraft<T extends object>(
  key: string,
  initial: T,
): [T, (patch: Partial<T>) => void, () => void] {
  const [draft, setDraft] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(key);
      if (!stored) return initial;
      const parsed: unknown = JSON.parse(stored);
      return typeof parsed === 'object' && parsed !== null ? { ...initial, ...(parsed as Partial<T>) } : initial;
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // No storage (private mode, quota): the draft lives only in memory.
    }
  }, [key, draft]);
  // Forgotten when the screen is left within the app. The check is deferred so a component mounted again at once
  // (React's development double mount) keeps its draft.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (mounted.current) return;
        try {
          sessionStorage.removeItem(key);
        } catch {
          // Nothing stored.
        }
      }, 0);
    };
  }, [key]);
  const update = useCallback((patch: Partial<T>) => setDraft((d) => ({ ...d, ...patch })), []);
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
    setDraft(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return [draft, update, clear];
}
