import { useAppDispatch } from '../../../shared/store-hooks';
import { copyText } from '../../../shared/clipboard';
import { toastShown } from '../../toasts/toasts.slice';
import { profileShareLink } from '../format';
import { Icon } from '../../../shared/ui/Icon';
import { useT } from '../../../shared/i18n/i18n';
import { enIN } from '../../../locales/en-IN';

export const LINK_COPIED_TEXT = enIN.profile.linkCopied;
export const COPY_FAILED_TEXT = enIN.profile.copyFailed;

/**
 * Share Profile: the device's share sheet with the link `origin#/profile/{id}` (`?ref=CODE` on one's own); where there is no share sheet
 * (most desktop browsers) or it fails, the link is copied instead. Closing the sheet is not an error.
 */
export function ShareProfileButton({
  userId,
  name,
  referralCode,
}: {
  userId: string;
  name: string;
  referralCode?: string | null;
}) {
  const dispatch = useAppDispatch();
  const { t } = useT();
  const share = async () => {
    // One's own profile carries one's code: a visitor who joins from it is one's referral.
    const url = profileShareLink(userId, window.location.origin, referralCode);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${name} on WinRound`, text: `See ${name}'s profile on WinRound`, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    const copied = await copyText(url);
    dispatch(
      toastShown(
        copied ? { kind: 'success', message: LINK_COPIED_TEXT } : { kind: 'error', message: COPY_FAILED_TEXT },
      ),
    );
  };
  return (
    <button type="button" className="btn btn--primary btn--block" onClick={share}>
      <Icon name="share" size={20} />
      {t('profile.share')}
    </button>
  );
}
