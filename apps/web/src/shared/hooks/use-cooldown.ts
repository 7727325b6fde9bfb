import { useEffect, useState } from 'react';

/** Whole seconds left until `seconds` have passed since `since` (ms since epoch); 0 when over or never started. */
export function secondsLeft(since: number | null, seconds: number, now: number = Date.now()): number {
  if (since === null) return 0;
  return Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000));
}

/** `secondsLeft`, ticking once a second while it is above 0. */
export function useCooldown(since: number | null, seconds: number): number {
  const [left, setLeft] = useState(() => secondsLeft(since, seconds));
  useEffect(() => {
    setLeft(secondsLeft(since, seconds));
    if (secondsLeft(since, seconds) === 0) return;
    const timer = window.setInterval(() => {
      const next = secondsLeft(since, seconds);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [since, seconds]);
  return left;
}
