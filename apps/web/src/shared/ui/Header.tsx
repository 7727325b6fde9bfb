import { Link, useLocation, useNavigate } from 'react-router-dom';
import { HEADER_HIDE_SCROLL_PX } from '@app/domain';
import { useAppSelector } from '../store-hooks';
import { selectConfigRoundSeconds } from '../../features/config/selectors';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { Logo } from './Logo';
import { Spinner } from './Spinner';
import './header.css';
import { Icon } from './Icon';
import { PATHS } from '../paths';

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
    <button type="button" className="app-header__back" aria-label="Go back" onClick={goBack}>
      <Icon name="back" strokeWidth={2.5} />
    </button>
  );
}

function RoundClock({ time }: { time: number }) {
  const roundSeconds = useAppSelector(selectConfigRoundSeconds);
  if (time === roundSeconds) {
    return (
      <span className="app-header__clock">
        <Spinner size="sm" label="New round starting" />
      </span>
    );
  }
  return (
    <span className="app-header__clock" role="timer" aria-label={`${time} seconds left`}>
      <span aria-hidden="true">{time}s</span>
    </span>
  );
}

export function Header({ time, showBack = true, wide = false }: HeaderProps) {
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
        <Link to="/game" className="app-header__logo" aria-label="WinRound, go to games">
          <Logo />
        </Link>
        {hasTime && <RoundClock time={time} />}
        {/* Help (rules, payouts, terms, fairness, support) one tap away from every screen. */}
        {location.pathname !== PATHS.help && (
          <Link
            to={PATHS.help}
            className={`app-header__help${hasTime ? '' : ' app-header__help--end'}`}
            aria-label="Help"
          >
            <Icon name="help" strokeWidth={2} />
          </Link>
        )}
      </div>
    </header>
  );
}
