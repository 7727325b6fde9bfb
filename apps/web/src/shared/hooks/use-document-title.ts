import { useEffect } from 'react';
import { PRODUCT_NAME } from '../constants';

/** "Wallet · WinRound" in the tab and the task switcher. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} · 30-second prediction rounds`;
  }, [title]);
}
