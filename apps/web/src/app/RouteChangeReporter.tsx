import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { routeChanged } from '../shared/session';
import { useAppDispatch } from '../shared/store-hooks';

/** Tells the store about every change of path (the session saga refreshes the token on it) and scrolls to the top. */
export function RouteChangeReporter() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(routeChanged({ pathname }));
    window.scrollTo?.({ top: 0, behavior: 'instant' });
  }, [dispatch, pathname]);
  return null;
}
