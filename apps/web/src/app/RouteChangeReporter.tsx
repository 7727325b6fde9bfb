import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { routeChanged } from '../shared/session';
import { useAppDispatch } from '../shared/store-hooks';

/**
 * Tells the store about every change of path (the session saga refreshes the token on it) and, on a change, scrolls
 * to the top. Not on arrival: the page is at its top then, and scrolling would force a layout of the whole page in
 * the middle of its first render.
 */
export function RouteChangeReporter() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const arrived = useRef(false);
  useEffect(() => {
    dispatch(routeChanged({ pathname }));
    if (arrived.current) window.scrollTo?.({ top: 0, behavior: 'instant' });
    arrived.current = true;
  }, [dispatch, pathname]);
  return null;
}
