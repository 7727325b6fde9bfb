import type { RootState } from '../../shared/store-types';

export const selectIdentity = (state: RootState) => state.identity;
