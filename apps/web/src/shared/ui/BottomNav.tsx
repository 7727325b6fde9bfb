import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import './bottom-nav.css';

interface NavItem {
  label: string;
  to: string;
  /** Paths on which this item is highlighted. */
  activeOn: string[];
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Games points to / (the guard sends a signed-in player on to /game) but is highlighted on /game (SPEC 2). */
const ITEMS: NavItem[] = [
  {
    label: 'Games',
    to: '/',
    activeOn: ['/game'],
    icon: icon('M6 11h4M8 9v4M15 12h.01M18 10h.01M17.3 5H6.7a4 4 0 0 0-4 3.6L2 15a3 3 0 0 0 5.2 2.1L9 15h6l1.8 2.1A3 3 0 0 0 22 15l-.7-6.4A4 4 0 0 0 17.3 5Z'),
  },
  {
    label: 'History',
    to: '/history',
    activeOn: ['/history'],
    icon: icon('M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2'),
  },
  {
    label: 'Wallet',
    to: '/wallet',
    activeOn: ['/wallet', '/deposit', '/withdraw'],
    icon: icon('M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v4h-4a2 2 0 0 0 0 4h4v2a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5'),
  },
  {
    label: 'Profile',
    to: '/profile',
    activeOn: ['/profile'],
    icon: icon('M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z'),
  },
];

/** Another player's public profile: /profile/{userId} with an id that is not the signed-in player's own. */
export function isOtherUsersProfile(pathname: string, ownUserId: string | null): boolean {
  const match = matchPath('/profile/:userId', pathname);
  return !!match && match.params.userId !== ownUserId;
}

export function BottomNav({ ownUserId }: { ownUserId: string | null }) {
  const { pathname } = useLocation();
  if (isOtherUsersProfile(pathname, ownUserId)) return null;

  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {ITEMS.map((item) => {
          const active = item.activeOn.some((p) => matchPath({ path: p, end: true }, pathname));
          return (
            <li key={item.label}>
              <Link
                to={item.to}
                className={`bottom-nav__link${active ? ' bottom-nav__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {item.icon}
                <span className="bottom-nav__label">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
