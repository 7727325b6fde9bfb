import type { LazyFeature } from '../../shared/store-types';
import { watchAdmin } from './admin.saga';
import { adminReducer } from './admin.slice';

/** The admin console's state and watcher, added to the store when the console's chunk loads (never for a player). */
export const adminFeature: LazyFeature<'admin'> = { reducerPath: 'admin', reducer: adminReducer, watcher: watchAdmin };
