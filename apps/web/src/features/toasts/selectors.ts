import type { RootState } from '../../app/root-reducer';

export const selectToasts = (state: RootState) => state.toasts.items;
