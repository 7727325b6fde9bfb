import type { LazyFeature } from '../../shared/store-types';
import { watchAdminDisputes } from './admin-disputes.saga';
import { adminDisputesReducer } from './admin-disputes.slice';

/** The console's Disputes tab (read the evidence, answer, close), added with the admin console's chunk. */
export const adminDisputesFeature: LazyFeature<'adminDisputes'> = {
  reducerPath: 'adminDisputes',
  reducer: adminDisputesReducer,
  watcher: watchAdminDisputes,
};
