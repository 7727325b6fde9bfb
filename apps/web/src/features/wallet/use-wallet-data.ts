import { useEffect } from 'react';
import { useAppDispatch } from '../../shared/store-hooks';
import { walletRequested, walletWatchStarted, walletWatchStopped } from './wallet.slice';

/**
 * Loads the wallet summary and transactions when a screen opens, and keeps them fresh while it is open: a live
 * balance change then reloads them (see the wallet saga).
 */
export function useWalletData() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(walletWatchStarted());
    dispatch(walletRequested());
    return () => {
      dispatch(walletWatchStopped());
    };
  }, [dispatch]);
}
