import { useEffect, useRef, useState } from 'react';

/**
 * True while the page is being scrolled down past `threshold` px; false again as soon as it scrolls up
 * (or returns above the threshold). Passive listener, one state change per direction change.
 */
export function useHideOnScroll(threshold: number): boolean {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);

  useEffect(() => {
    lastY.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= threshold) setHidden(false);
      else if (y > lastY.current) setHidden(true);
      else if (y < lastY.current) setHidden(false);
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);

  return hidden;
}
