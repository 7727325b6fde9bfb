import type { RootState } from '../../app/root-reducer';

export const selectSocket = (state: RootState) => state.socket;
