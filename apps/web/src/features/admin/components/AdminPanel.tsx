import { LogoutButton } from '../../auth/components/LogoutButton';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from '../../../shared/ui/Screen';
import { DashboardTab } from './DashboardTab';
import { PaymentTab } from './PaymentTab';
import { IdentityTab } from './IdentityTab';
import { PlayersTab } from './PlayersTab';
import { DisputesTab } from './DisputesTab';
import { CareTab } from './CareTab';
import { PredictTab } from './PredictTab';
import { SecurityBanner } from './SecurityBanner';
import { SettingTab } from './SettingTab';
import '../../wallet/components/payments.css';
import './admin.css';
import { Icon } from '../../../shared/ui/Icon';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { pendingCountsFollowStarted, pendingCountsFollowStopped, pendingCountsRequested } from '../admin.slice';
import { selectPendingCounts } from '../selectors';
import { PENDING_TEXTS } from '../review-texts';

export type AdminTabId = 'dashboard' | 'payment' | 'players' | 'care' | 'identity' | 'disputes' | 'predict' | 'setting';

const icon = (path: string) => <Icon path={path} size={22} />;

export const ADMIN_TABS: { id: AdminTabId; label: string; icon: ReactNode }[] = [
  { id: 'dashboard', label: 'Dashboard', icon: icon('M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z') },
  { id: 'payment', label: 'Payment', icon: icon('M2 7h20v12H2zM2 11h20M6 15h4') },
  { id: 'players', label: 'Players', icon: icon('M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0ZM4 21a8 8 0 0 1 16 0') },
  {
    id: 'care',
    label: 'Care',
    icon: icon('M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9Z'),
  },
  {
    id: 'identity',
    label: 'Identity',
    icon: icon('M3 5h18v14H3zM7 10a2 2 0 1 0 4 0 2 2 0 0 0-4 0M5 17a4 4 0 0 1 8 0M15 9h4M15 13h4'),
  },
  { id: 'disputes', label: 'Disputes', icon: icon('M4 4h16v12H8l-4 4V4Zm4 5h8M8 12h5') },
  { id: 'predict', label: 'Predict', icon: icon('M12 2l3 7h7l-5.5 4.5L18 21l-6-4-6 4 1.5-7.5L2 9h7z') },
  {
    id: 'setting',
    label: 'Setting',
    icon: icon(
      'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z',
    ),
  },
];

function isTab(value: string | null): value is AdminTabId {
  return ADMIN_TABS.some((t) => t.id === value);
}

/**
 * /admin/dashboard (SPEC 2): tabs Dashboard, Payment, Players, Care, Identity, Disputes, Predict and Setting, in a collapsible sidebar on wide screens
 * and a bottom bar on phones. The tab lives in the query (?tab=payment) so a reload keeps it; the path stays
 * /admin/dashboard, the only one a super-admin may open.
 */
export function AdminPanel() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTabId = isTab(requested) ? requested : 'dashboard';
  const [collapsed, setCollapsed] = useState(false);
  const baseId = useId();
  const tabId = (id: AdminTabId) => `${baseId}-tab-${id}`;
  const panelId = (id: AdminTabId) => `${baseId}-panel-${id}`;
  const dispatch = useAppDispatch();
  const counts = useAppSelector(selectPendingCounts);
  // The claims waiting for a review, on the Payment tab wherever the admin is: pushed by the server to the console's
  // live socket whenever a claim is stored or reviewed, asked for every 30 s while that socket is down.
  const pending = (counts.deposits ?? 0) + (counts.withdrawals ?? 0);

  useEffect(() => {
    dispatch(pendingCountsRequested());
    dispatch(pendingCountsFollowStarted());
    return () => {
      dispatch(pendingCountsFollowStopped());
    };
  }, [dispatch]);

  return (
    <Screen title="Admin panel" showBack={false} className="admin-screen" wide>
      <div className={`admin${collapsed ? ' admin--collapsed' : ''}`}>
        <nav className="admin-nav" aria-label="Admin">
          <button
            type="button"
            className="admin-nav__collapse"
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            onClick={() => setCollapsed((v) => !v)}
          >
            <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
          </button>
          <div className="admin-nav__tabs" role="tablist" aria-label="Admin sections">
            {ADMIN_TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={tabId(t.id)}
                aria-selected={tab === t.id}
                aria-controls={panelId(t.id)}
                title={collapsed ? t.label : undefined}
                className={`admin-nav__tab${tab === t.id ? ' admin-nav__tab--active' : ''}`}
                onClick={() => setParams(t.id === 'dashboard' ? {} : { tab: t.id }, { replace: true })}
              >
                {t.icon}
                <span className="admin-nav__label">{t.label}</span>
                {t.id === 'payment' && pending > 0 && (
                  <>
                    <span className="admin-nav__badge" aria-hidden="true">
                      {pending}
                    </span>
                    <span className="visually-hidden">{PENDING_TEXTS.pending(pending)}</span>
                  </>
                )}
              </button>
            ))}
          </div>
        </nav>

        <div className="admin-content">
          <div className="admin-content__head">
            <h1 className="admin-content__title">Admin panel</h1>
            {/* Logout on every tab (it used to sit only at the bottom of Setting). */}
            <LogoutButton className="btn btn--ghost admin-content__logout" />
          </div>
          <SecurityBanner onSetUp={() => setParams({ tab: 'setting' }, { replace: true })} />
          <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="admin-panel">
            {tab === 'dashboard' && <DashboardTab />}
            {tab === 'payment' && <PaymentTab />}
            {tab === 'players' && <PlayersTab />}
            {tab === 'care' && <CareTab />}
            {tab === 'identity' && <IdentityTab />}
            {tab === 'disputes' && <DisputesTab />}
            {tab === 'predict' && <PredictTab />}
            {tab === 'setting' && <SettingTab />}
          </div>
        </div>
      </div>
    </Screen>
  );
}
