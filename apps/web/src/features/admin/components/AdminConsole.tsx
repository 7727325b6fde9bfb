import { useStore } from 'react-redux';
import type { AppStore } from '../../../shared/store-types';
import { adminFeature } from '../admin.feature';
import { adminSecurityFeature } from '../admin-security.feature';
import { adminPlayersFeature } from '../players.feature';
import { adminIdentityFeature } from '../identity.feature';
import { adminDisputesFeature } from '../admin-disputes.feature';
import { adminCareFeature } from '../care.feature';
import { AdminPanel } from './AdminPanel';

/**
 * The entry of the admin console's chunk: adds the admin slice and watcher to the store (once; repeat calls do
 * nothing), then shows the panel. Players never load this module.
 */
export function AdminConsole() {
  const store = useStore() as AppStore;
  store.injectFeature(adminFeature);
  store.injectFeature(adminSecurityFeature);
  store.injectFeature(adminPlayersFeature);
  store.injectFeature(adminIdentityFeature);
  store.injectFeature(adminDisputesFeature);
  store.injectFeature(adminCareFeature);
  return <AdminPanel />;
}
