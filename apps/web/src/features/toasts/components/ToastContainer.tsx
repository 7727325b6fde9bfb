import { TOAST_MS } from '@app/domain';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { selectToasts } from '../selectors';
import { toastDismissed, type Toast } from '../toasts.slice';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const { t } = useT();

  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, toast.id]);

  // Errors interrupt (alert); success and info wait politely (status).
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span className="toast__icon" aria-hidden="true">
        {toast.kind === 'error' ? '!' : toast.kind === 'success' ? '✓' : 'i'}
      </span>
      {/* The server speaks the domain's English: a text the catalogue holds shows in the player's language. */}
      <p className="toast__message">
        {translateServerMessage(toast.message)}
        {toast.links ? (
          <span className="toast__links">
            {toast.links.map((link) => (
              <Link
                key={link.to}
                className="toast__link"
                to={link.to}
                onClick={() => dispatch(toastDismissed(toast.id))}
              >
                {link.label}
              </Link>
            ))}
          </span>
        ) : null}
      </p>
      <button
        type="button"
        className="toast__close"
        aria-label={t('common.closeNotification')}
        onClick={() => dispatch(toastDismissed(toast.id))}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function ToastContainer() {
  const toasts = useAppSelector(selectToasts);
  const { t } = useT();
  return (
    <div className="toasts" role="region" aria-label={t('common.notifications')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
