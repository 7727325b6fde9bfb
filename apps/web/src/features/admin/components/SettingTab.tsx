import { ADMIN_TEXTS } from '@app/domain';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectCurrentUser } from '../../auth/selectors';
import { formatDateTime } from '../../wallet/format';
import { adminProfileRequested } from '../admin.slice';
import { selectAdmin } from '../selectors';
import { PasswordCard } from './PasswordCard';
import { TwoFactorCard } from './TwoFactorCard';

/**
 * Setting tab: the admin's profile (GET /admin/admin-profile: role, verified, 'online' while any of the admin's
 * sockets is live, dates; the signed-in name and e-mail while the call fails, its error below) and what the console
 * is for. Logout sits in the panel's header, on every tab.
 */
export function SettingTab() {
  const dispatch = useAppDispatch();
  const { profile, profileLoading, profileError } = useAppSelector(selectAdmin);
  const sessionUser = useAppSelector(selectCurrentUser);

  useEffect(() => {
    dispatch(adminProfileRequested());
  }, [dispatch]);

  const name = profile?.username ?? sessionUser?.name ?? '';
  const email = profile?.email ?? sessionUser?.email ?? '';

  return (
    <section className="admin-section" aria-labelledby="admin-setting-title">
      <h2 id="admin-setting-title">Setting</h2>
      <div className="admin-profile card">
        <div className="admin-profile__head">
          <span className="admin-profile__avatar" aria-hidden="true">
            {(name || email || '?').charAt(0).toUpperCase()}
          </span>
          <div>
            <p className="admin-profile__name">{name}</p>
            <p className="admin-profile__email muted">{email}</p>
          </div>
          {profileLoading && <Spinner size="sm" label="Loading profile" />}
        </div>
        {profile && (
          <dl className="admin-profile__facts">
            <div>
              <dt>Role</dt>
              <dd>{profile.role}</dd>
            </div>
            <div>
              <dt>Verified</dt>
              <dd>{profile.verified ? 'Yes' : 'No'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <span
                  className={`admin-presence admin-presence--${profile.status === 'online' ? 'online' : 'offline'}`}
                >
                  {profile.status}
                </span>
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDateTime(profile.createdAt)}</dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>{formatDateTime(profile.updatedAt)}</dd>
            </div>
          </dl>
        )}
        {profileError && !profile && (
          <p className="pay-error" role="alert">
            {profileError}
          </p>
        )}
        <p className="admin-note">{ADMIN_TEXTS.settingNote}</p>
      </div>
      <TwoFactorCard />
      <PasswordCard />
    </section>
  );
}
