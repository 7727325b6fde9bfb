import type { RootState } from '../../app/root-reducer';

export const selectProfileState = (state: RootState) => state.profile;
export const selectProfileUpdate = (state: RootState) => state.profile.update;
