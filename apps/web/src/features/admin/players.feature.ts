import type { LazyFeature } from '../../shared/store-types';
import { watchAdminPlayers } from './players.saga';
import { adminPlayersReducer } from './players.slice';

/** The console's Players tab (find, suspend, reinstate), added with the admin console's chunk. */
export const adminPlayersFeature: LazyFeature<'adminPlayers'> = {
  reducerPath: 'adminPlayers',
  reducer: adminPlayersReducer,
  watcher: watchAdminPlayers,
};
