import type { RootState } from '../../app/root-reducer';

export const selectSocket = (state: RootState) => state.socket;
export const selectIsLive = (state: RootState) => state.socket.connected;
