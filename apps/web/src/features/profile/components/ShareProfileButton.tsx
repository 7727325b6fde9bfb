import { useAppDispatch } from '../../../app/hooks';
import { copyText } from '../../../shared/clipboard';
import { toastShown } from '../../toasts/toasts.slice';
import { profileShareLink } from '../format';

export const LINK_COPIED_TEXT = 'Profile link copied.';
export const COPY_FAILED_TEXT = 'Could not copy. Please copy it by hand.';

/**
 * Share Profile: the device's share sheet with the link `origin#/profile/{id}`; where there is no share sheet
 * (most desktop browsers) or it fails, the link is copied instead. Closing the sheet is not an error.
 */
export function ShareProfileButton({ userId, name }: { userId: string; name: string }) {
  const dispatch = useAppDispatch();
  const share = async () => {
    const url = profileShareLink(userId);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${name} on WinRound`, text: `See ${name}'s profile on WinRound`, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    const copied = await copyText(url);
    dispatch(toastShown(copied ? { kind: 'success', message: LINK_COPIED_TEXT } : { kind: 'error', message: COPY_FAILED_TEXT }));
  };
  return (
    <button type="button" className="btn btn--primary btn--block" onClick={share}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM8.6 13.5l6.8 4M15.4 6.5l-6.8 4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Share Profile
    </button>
  );
}
