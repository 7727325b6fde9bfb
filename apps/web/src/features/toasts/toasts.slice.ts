import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'error' | 'info';

/** A place in the app a toast points to (e.g. the wallet's transactions). */
export interface ToastLink {
  to: string;
  label: string;
}

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  links?: ToastLink[];
}

export interface ToastsState {
  items: Toast[];
}

/** More than this many at once is noise on a 360 px screen: the oldest goes first. */
export const MAX_TOASTS = 3;

const initialState: ToastsState = { items: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer: (state, action: PayloadAction<Toast>) => {
        // The same words again (a double tap, a repeated refusal) replace the one showing instead of stacking: the
        // newest takes the place at the end and its full time.
        state.items = state.items.filter(
          (t) => !(t.kind === action.payload.kind && t.message === action.payload.message),
        );
        state.items.push(action.payload);
        if (state.items.length > MAX_TOASTS) state.items.splice(0, state.items.length - MAX_TOASTS);
      },
      prepare: (toast: { message: string; kind?: ToastKind; links?: ToastLink[] }) => ({
        payload: {
          id: nanoid(),
          kind: toast.kind ?? 'info',
          message: toast.message,
          ...(toast.links?.length ? { links: toast.links } : {}),
        },
      }),
    },
    toastDismissed: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;
