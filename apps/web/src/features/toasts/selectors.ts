import type { RootState } from '../../shared/store-types';

export const selectToasts = (state: RootState) => state.toasts.items;
