import type { RootState } from '../../shared/store-types';

export const selectSocket = (state: RootState) => state.socket;
