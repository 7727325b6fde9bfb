import { SECOND_FACTOR_MESSAGES } from '@app/domain';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { securityRequested } from '../admin-security.slice';
import { selectAdminSecurity } from '../security-selectors';
import './admin-security.css';

/**
 * Above every tab: a warning while the signed-in super-admin signs in with a password alone — in the words of
 * ADMIN_2FA_WAIVED when the deployment waives its requirement — with a button to the Setting tab to enrol.
 */
export function SecurityBanner({ onSetUp }: { onSetUp: () => void }) {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectAdminSecurity);

  useEffect(() => {
    dispatch(securityRequested());
  }, [dispatch]);

  if (!status || status.twoFactorEnrolled) return null;
  const waived = status.twoFactorWaived;
  return (
    <div
      className={`admin-banner${waived ? ' admin-banner--warning' : ''}`}
      role="status"
      aria-label="Sign-in security"
    >
      <p>{waived ? SECOND_FACTOR_MESSAGES.waivedBanner : SECOND_FACTOR_MESSAGES.notEnrolledBanner}</p>
      <button type="button" className="btn btn--ghost admin-banner__action" onClick={onSetUp}>
        Set up
      </button>
    </div>
  );
}
