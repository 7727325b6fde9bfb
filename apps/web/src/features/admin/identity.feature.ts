import type { LazyFeature } from '../../shared/store-types';
import { watchAdminIdentity } from './identity.saga';
import { adminIdentityReducer } from './identity.slice';

/** The console's Identity tab (verify or reject identity submissions), added with the admin console's chunk. */
export const adminIdentityFeature: LazyFeature<'adminIdentity'> = {
  reducerPath: 'adminIdentity',
  reducer: adminIdentityReducer,
  watcher: watchAdminIdentity,
};
