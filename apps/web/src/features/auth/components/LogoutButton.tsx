import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { LOGIN_PATH } from '../../../shared/paths';
import { logoutCompletionHandled, logoutRequested } from '../auth-forms.slice';
import { selectLogoutRequest } from '../selectors';
import { useT } from '../../../shared/i18n/i18n';

/**
 * After a successful logout, go to /login. On a protected route the guard would do it anyway; an open route
 * (/profile/{ownId}) stays, so the screen that offers Logout calls this (it must stay mounted through the
 * sign-out, which the Logout button itself may not: the own view turns into the public one).
 */
export function useLeaveOnLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { completed } = useAppSelector(selectLogoutRequest);
  useEffect(() => {
    if (!completed) return;
    dispatch(logoutCompletionHandled());
    navigate(LOGIN_PATH, { replace: true });
  }, [completed, dispatch, navigate]);
}

/** Logout: GET /auth/logout, then the token and every user-scoped slice are cleared (see useLeaveOnLogout). */
export function LogoutButton({ className = 'btn btn--ghost btn--block' }: { className?: string }) {
  const dispatch = useAppDispatch();
  const { pending } = useAppSelector(selectLogoutRequest);
  const { t } = useT();
  return (
    <button
      type="button"
      className={className}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => dispatch(logoutRequested())}
    >
      {pending ? t('auth.loggingOut') : t('auth.logout')}
    </button>
  );
}
