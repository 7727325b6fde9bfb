import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../../shared/session';

/** SPEC 4: the live connection is connected, disconnected or in connect error. */
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'connectError';

export interface SocketState {
  status: LiveStatus;
  connected: boolean;
  /** Has this session's socket been connected at least once (the game screen waits for that). */
  everConnected: boolean;
  /** Why the connection dropped or was refused, for the reconnecting notice. */
  error: string | null;
}

export const initialSocketState: SocketState = {
  status: 'idle',
  connected: false,
  everConnected: false,
  error: null,
};

export const socketSlice = createSlice({
  name: 'socket',
  initialState: initialSocketState,
  reducers: {
    socketOpening: () => ({ ...initialSocketState, status: 'connecting' as const }),
    socketConnected: (state) => {
      state.status = 'connected';
      state.connected = true;
      state.everConnected = true;
      state.error = null;
    },
    socketDisconnected: (state, action: PayloadAction<string>) => {
      state.status = 'disconnected';
      state.connected = false;
      state.error = action.payload;
    },
    socketConnectError: (state, action: PayloadAction<string>) => {
      state.status = 'connectError';
      state.connected = false;
      state.error = action.payload;
    },
    /** The session ended: the socket was closed on purpose. */
    socketClosed: () => initialSocketState,
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialSocketState);
  },
});

export const { socketOpening, socketConnected, socketDisconnected, socketConnectError, socketClosed } =
  socketSlice.actions;
export const socketReducer = socketSlice.reducer;
