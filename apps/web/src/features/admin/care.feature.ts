import type { LazyFeature } from '../../shared/store-types';
import { watchAdminCare } from './care.saga';
import { adminCareReducer } from './care.slice';

/** The console's Care tab (flagged players, contact notes, breaks), added with the admin console's chunk. */
export const adminCareFeature: LazyFeature<'adminCare'> = {
  reducerPath: 'adminCare',
  reducer: adminCareReducer,
  watcher: watchAdminCare,
};
