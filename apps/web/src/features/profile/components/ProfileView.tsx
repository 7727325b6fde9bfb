import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { selectReferralTerms, selectRules } from '../../config/selectors';
import { PATHS } from '../../../shared/paths';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { LogoutButton } from '../../auth/components/LogoutButton';
import { IdentityLink } from '../../identity/components/IdentityLink';
import { toastShown } from '../../toasts/toasts.slice';
import { formatDate, formatDateTime, inviteLink, inviteTermsText } from '../format';
import { EditName } from './EditName';
import { ShareProfileButton } from './ShareProfileButton';
import { StatTiles } from './StatTiles';
import { Icon } from '../../../shared/ui/Icon';
import type { PlayerProfile } from '../../../shared/records';
import { useT } from '../../../shared/i18n/i18n';

interface ProfileViewProps {
  profile: PlayerProfile;
  /** The signed-in player's own profile (full view) or another player's (public, reduced view). */
  own: boolean;
}

/**
 * Avatar initial, name, id (tap to copy), e-mail, joined date; the own view adds last login, the Wallet button,
 * the invite link and the referral code (tap to copy, with what an invite earns) and Logout. Stat tiles and Share Profile in both.
 */
export function ProfileView({ profile, own }: ProfileViewProps) {
  const dispatch = useAppDispatch();
  const referralTerms = useAppSelector(selectReferralTerms);
  const { playThrough } = useAppSelector(selectRules);
  const { t } = useT();
  const copyFailed = () => dispatch(toastShown({ kind: 'error', message: t('profile.copyFailed') }));
  return (
    <>
      <section className="card profile-card" aria-label={t('profile.player')}>
        <div className="profile-card__head">
          <span className="profile-avatar" aria-hidden="true">
            {profile.firstLetter}
          </span>
          <div className="profile-card__who">
            {own ? <EditName name={profile.name} /> : <h2 className="profile-name__text">{profile.name}</h2>}
          </div>
        </div>
        <dl className="profile-facts">
          <div className="profile-fact profile-fact--wide">
            <dt>{t('profile.email')}</dt>
            <dd className="profile-fact__email">{profile.email}</dd>
          </div>
          <div className="profile-fact profile-fact--wide">
            <dt>{t('profile.id')}</dt>
            <dd>
              {/* A short form to read out to support (the first 8 characters); the whole id is what is copied. */}
              <CopyButton text={profile._id} label={t('profile.copyId')} onCopyFailed={copyFailed}>
                {shortPlayerId(profile._id)}
              </CopyButton>
            </dd>
          </div>
          <div className="profile-fact">
            <dt>{t('profile.joined')}</dt>
            <dd>{formatDate(profile.joinDate)}</dd>
          </div>
          {own && (
            <div className="profile-fact">
              <dt>{t('profile.lastLogin')}</dt>
              <dd>{formatDateTime(profile.lastLogin)}</dd>
            </div>
          )}
        </dl>
        {own && (
          <Link to={PATHS.wallet} className="btn btn--ghost btn--block profile-card__wallet">
            <Icon name="wallet" size={20} />
            {t('profile.wallet')}
          </Link>
        )}
        {own && (
          <Link to={PATHS.playSafely} className="btn btn--ghost btn--block profile-card__wallet">
            {t('profile.playSafelyLink')}
          </Link>
        )}
        {own && <IdentityLink />}
        {own && (
          <Link to={PATHS.disputes} className="btn btn--ghost btn--block profile-card__disputes">
            {t('profile.disputes')}
          </Link>
        )}
      </section>

      <StatTiles profile={profile} own={own} />

      {own && profile.referralCode && (
        <section className="profile-section" aria-labelledby="profile-referral-title">
          <h2 id="profile-referral-title" className="profile-section__title">
            {t('profile.invite')}
          </h2>
          <div className="card profile-referral">
            <p className="muted small" data-testid="invite-terms">
              {inviteTermsText(referralTerms, playThrough.bonusWageringMultiplier)}
            </p>
            <p className="profile-referral__label small">{t('profile.inviteLink')}</p>
            <CopyButton
              text={inviteLink(profile.referralCode)}
              label={t('profile.copyInvite')}
              className="profile-referral__link"
              onCopyFailed={copyFailed}
            />
            <p className="profile-referral__label small">{t('profile.referralCode')}</p>
            <CopyButton
              text={profile.referralCode}
              label={t('profile.copyCode')}
              className="profile-referral__code"
              onCopyFailed={copyFailed}
            />
          </div>
        </section>
      )}

      {own && (
        <Link to={PATHS.playBreak} className="btn btn--ghost btn--block profile-play-break">
          {t('profile.breakLink')}
        </Link>
      )}

      <div className="profile-actions">
        <ShareProfileButton userId={profile._id} name={profile.name} referralCode={own ? profile.referralCode : null} />
        {own && <LogoutButton />}
      </div>
    </>
  );
}

/** The first 8 characters of a player's id, upper case: enough to find them, short enough to read out. */
export function shortPlayerId(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}
