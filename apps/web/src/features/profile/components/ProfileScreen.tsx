import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { useLeaveOnLogout } from '../../auth/components/LogoutButton';
import { selectIsAuthenticated } from '../../auth/selectors';
import { OWN_PROFILE, profileRequested } from '../profile.slice';
import { selectProfileState } from '../selectors';
import { ProfileView } from './ProfileView';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

/** A profile screen: `userId` null → the signed-in player's own (full) profile, else another player's public one. */
export function ProfileScreen({ userId }: { userId: string | null }) {
  const dispatch = useAppDispatch();
  const { profile, subject, status, error } = useAppSelector(selectProfileState);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const own = userId === null;
  const [params] = useSearchParams();
  const referral = params.get('ref')?.trim() || null;
  const wanted = userId ?? OWN_PROFILE;
  useLeaveOnLogout();

  // Load on arrival and when the subject changes; load again if the slice was reset meanwhile (a visitor's first
  // session check ends in the sign-out clean-up, which may land while another player's profile is loading).
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (requested.current !== wanted || subject !== wanted) {
      requested.current = wanted;
      dispatch(profileRequested(userId));
    }
  }, [dispatch, userId, wanted, subject]);

  const { t } = useT();
  const title = own ? t('profile.title') : t('profile.playerTitle');
  const current = subject === wanted ? profile : null;
  return (
    <Screen title={title} className="profile-screen">
      <h1 className="profile-screen__title">{title}</h1>
      {current ? (
        <ProfileView profile={current} own={own} />
      ) : status === 'failed' && subject === wanted ? (
        <div className="card profile-error">
          <p className="form-alert" role="alert">
            {translateServerMessage(error)}
          </p>
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => dispatch(profileRequested(userId))}
          >
            {t('profile.tryAgain')}
          </button>
        </div>
      ) : (
        <div className="profile-loading">
          <Spinner label={t('profile.loading')} />
        </div>
      )}
      {!own && !signedIn && (
        <p className="profile-join muted">
          {t('profile.wantOwn')} {/* A shared profile's ?ref= carries the sharer's code on to registration. */}
          <Link
            to={referral ? `${PATHS.register}?ref=${encodeURIComponent(referral)}` : PATHS.register}
            className="auth-link"
          >
            {t('profile.createAccount')}
          </Link>
        </p>
      )}
    </Screen>
  );
}
