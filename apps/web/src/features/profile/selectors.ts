import type { RootState } from '../../shared/store-types';

export const selectProfileState = (state: RootState) => state.profile;
export const selectProfileUpdate = (state: RootState) => state.profile.update;
