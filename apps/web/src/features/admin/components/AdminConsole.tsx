import { useStore } from 'react-redux';
import type { AppStore } from '../../../app/store';
import { adminFeature } from '../admin.feature';
import { AdminPanel } from './AdminPanel';

/**
 * The entry of the admin console's chunk: adds the admin slice and watcher to the store (once; repeat calls do
 * nothing), then shows the panel. Players never load this module.
 */
export function AdminConsole() {
  const store = useStore() as AppStore;
  store.injectFeature(adminFeature);
  return <AdminPanel />;
}
