import { Link, useLocation, useNavigate } from 'react-router-dom';
import { HEADER_HIDE_SCROLL_PX } from '@app/domain';
import { useAppSelector } from '../store-hooks';
import { selectConfigRoundSeconds } from '../../features/config/selectors';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { Logo } from './Logo';
import { Spinner } from './Spinner';
import { Icon } from './Icon';
import { PATHS } from '../paths';
import { useT } from '../i18n/i18n';
import { LanguageSwitch } from '../../features/language/components/LanguageSwitch';

export interface HeaderProps {
  /**
   * Seconds left in the current round. Given → a countdown; exactly 30 (a round is just starting) → a spinner;
   * not given → a back button.
   */
  time?: number | null;
  /** The landing page is the root of the app: nothing to go back to. */
  showBack?: boolean;
  /** The bar spans the wide layout (the admin console), as its content does. */
  wide?: boolean;
}

function BackButton() {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    // BrowserRouter keeps its position in history.state.idx; the first entry of any router has the key 'default'.
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    const canGoBack = typeof idx === 'number' ? idx > 0 : location.key !== 'default';
    if (canGoBack) navigate(-1);
    else navigate('/', { replace: true });
  };
  return (
    <button type="button" className="app-header__back" aria-label={t('common.back')} onClick={goBack}>
      <Icon name="back" strokeWidth={2.5} />
    </button>
  );
}

function RoundClock({ time }: { time: number }) {
  const { t } = useT();
  const roundSeconds = useAppSelector(selectConfigRoundSeconds);
  if (time === roundSeconds) {
    return (
      <span className="app-header__clock">
        <Spinner size="sm" label={t('header.newRound')} />
      </span>
    );
  }
  return (
    <span className="app-header__clock" role="timer" aria-label={t('header.secondsLeft', { count: time })}>
      <span aria-hidden="true">{t('header.seconds', { count: time })}</span>
    </span>
  );
}

export function Header({ time, showBack = true, wide = false }: HeaderProps) {
  const { t } = useT();
  const hidden = useHideOnScroll(HEADER_HIDE_SCROLL_PX);
  const location = useLocation();
  const hasTime = typeof time === 'number' && Number.isFinite(time);

  return (
    <header
      className={`app-header${hidden ? ' app-header--hidden' : ''}${wide ? ' app-header--wide' : ''}`}
      data-hidden={hidden ? 'true' : 'false'}
    >
      <div className="app-header__bar">
        {!hasTime && showBack && <BackButton />}
        <Link to="/game" className="app-header__logo" aria-label={t('header.home')}>
          <Logo />
        </Link>
        {hasTime && <RoundClock time={time} />}
        {/* The language switch on every player's screen; the admin console (wide) stays in English. */}
        {!wide && (
          <span className={`app-header__lang${hasTime ? '' : ' app-header__lang--end'}`}>
            <LanguageSwitch />
          </span>
        )}
        {/* Help (rules, payouts, terms, fairness, support) one tap away from every screen. */}
        {location.pathname !== PATHS.help && (
          <Link
            to={PATHS.help}
            className={`app-header__help${hasTime || !wide ? '' : ' app-header__help--end'}`}
            aria-label={t('common.help')}
          >
            <Icon name="help" strokeWidth={2} />
          </Link>
        )}
      </div>
    </header>
  );
}
