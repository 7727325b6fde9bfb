import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { Icon } from './Icon';
import { tapShielded } from './tap-shield';
import { useT } from '../i18n/i18n';

interface NavItem {
  /** The catalogue key of its label. */
  label: 'nav.games' | 'nav.history' | 'nav.wallet' | 'nav.profile';
  to: string;
  /** Paths on which this item is highlighted. */
  activeOn: string[];
  icon: ReactNode;
}

/** Games points to / (the guard sends a signed-in player on to /game) but is highlighted on /game (SPEC 2). */
const ITEMS: NavItem[] = [
  {
    label: 'nav.games',
    to: '/',
    activeOn: ['/game'],
    icon: <Icon name="games" />,
  },
  {
    label: 'nav.history',
    to: '/history',
    activeOn: ['/history'],
    icon: <Icon name="history" />,
  },
  {
    label: 'nav.wallet',
    to: '/wallet',
    activeOn: ['/wallet', '/deposit', '/withdraw'],
    icon: <Icon name="wallet" />,
  },
  {
    label: 'nav.profile',
    to: '/profile',
    activeOn: ['/profile'],
    icon: <Icon name="profile" />,
  },
];

/** Another player's public profile: /profile/{userId} with an id that is not the signed-in player's own. */
export function isOtherUsersProfile(pathname: string, ownUserId: string | null): boolean {
  const match = matchPath('/profile/:userId', pathname);
  return !!match && match.params.userId !== ownUserId;
}

export function BottomNav({ ownUserId }: { ownUserId: string | null }) {
  const { pathname } = useLocation();
  const { t } = useT();
  if (isOtherUsersProfile(pathname, ownUserId)) return null;

  return (
    <nav className="bottom-nav" aria-label={t('nav.main')}>
      <ul className="bottom-nav__list">
        {ITEMS.map((item) => {
          const active = item.activeOn.some((p) => matchPath({ path: p, end: true }, pathname));
          return (
            <li key={item.label}>
              <Link
                to={item.to}
                className={`bottom-nav__link${active ? ' bottom-nav__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                // The second tap of a double tap on Confirm Bet (the sheet above closed) is not a tap on the nav: the
                // browser counts it as the second of a series (detail 2), within the shield.
                onClick={(event) => {
                  if (event.detail > 1 && tapShielded()) event.preventDefault();
                }}
              >
                {item.icon}
                <span className="bottom-nav__label">{t(item.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
