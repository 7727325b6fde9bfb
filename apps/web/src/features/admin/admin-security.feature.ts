import type { LazyFeature } from '../../shared/store-types';
import { watchAdminSecurity } from './admin-security.saga';
import { adminSecurityReducer } from './admin-security.slice';

/** The super-admin's sign-in security (second factor, password), added with the admin console's chunk. */
export const adminSecurityFeature: LazyFeature<'adminSecurity'> = {
  reducerPath: 'adminSecurity',
  reducer: adminSecurityReducer,
  watcher: watchAdminSecurity,
};
