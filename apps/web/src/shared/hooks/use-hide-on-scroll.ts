import { useEffect, useRef, useState } from 'react';

/**
 * True while the page is being scrolled down past `threshold` px; false again as soon as it scrolls up
 * (or returns above the threshold). Passive listener, one state change per direction change.
 */
export function useHideOnScroll(threshold: number): boolean {
  const [hidden, setHidden] = useState(false);
  // Where the page was at the last scroll event; null until the first (reading scrollY when the screen mounts would
  // force a layout of the whole page in the middle of its first render).
  const lastY = useRef<number | null>(null);

  useEffect(() => {
    lastY.current = null;
    const onScroll = () => {
      const y = window.scrollY;
      const previous = lastY.current ?? y;
      if (y <= threshold) setHidden(false);
      else if (y > previous) setHidden(true);
      else if (y < previous) setHidden(false);
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);

  return hidden;
}
