import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The web push offer: the server's key (null: push is off there) and where the player's answer stands. */
export interface PushState {
  /** undefined until asked; null when the server has push off. */
  publicKey: string | null | undefined;
  status: 'idle' | 'asking' | 'on' | 'declined' | 'failed';
}

const initialState: PushState = { publicKey: undefined, status: 'idle' };

/** The offer is about to show: learn whether the server sends push at all. */
export const pushKeyRequested = createAction('push/keyRequested');
/** The player chose to turn notifications on. */
export const pushTurnedOn = createAction('push/turnedOn');

export const pushSlice = createSlice({
  name: 'push',
  initialState,
  reducers: {
    pushKeyLoaded: (state, action: PayloadAction<string | null>) => {
      state.publicKey = action.payload;
    },
    pushAnswered: (state, action: PayloadAction<PushState['status']>) => {
      state.status = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(pushTurnedOn, (state) => void (state.status = 'asking')),
});

export const { pushKeyLoaded, pushAnswered } = pushSlice.actions;
export const pushReducer = pushSlice.reducer;
