import type { Profile } from '@app/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, type Saga } from 'redux-saga';
import { createApiClient } from '../../shared/api';
import { createFakeFetch, fail, memoryTokens, ok, type FakeRoute } from '../../test/fake-fetch';
import {
  profileReducer,
  profileRequested,
  profileUpdateRequested,
  initialProfileState,
  profileLoaded,
  OWN_PROFILE,
} from './profile.slice';
import { loadProfileSaga, updateProfileSaga } from './profile.saga';
import type { PlayerProfile } from '../../shared/records';

async function run(routes: Record<string, FakeRoute>, saga: Saga, action: UnknownAction) {
  const fake = createFakeFetch(routes);
  const dispatched: UnknownAction[] = [];
  await runSaga(
    {
      context: { api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) },
      dispatch: (a: UnknownAction) => dispatched.push(a),
    },
    saga,
    action,
  ).toPromise();
  return { fake, dispatched };
}

const PROFILE: Profile = {
  _id: 'u-1',
  email: 'ravi@gmail.com',
  name: '',
  firstLetter: '',
  joinDate: '2026-01-01T00:00:00Z',
  totalGames: 0,
  totalWinnings: 18.2,
  totalDeposits: 500,
};
/** PROFILE as the store keeps it: totals in paise. */
const STORED: PlayerProfile = {
  _id: 'u-1',
  email: 'ravi@gmail.com',
  name: '',
  firstLetter: '',
  joinDate: '2026-01-01T00:00:00Z',
  totalGames: 0,
  totalWinningsPaise: 1820,
  totalDepositsPaise: 50_000,
};

describe('profile sagas', () => {
  test('own profile from GET /user/profile; the name falls back to the e-mail before @, with its initial', async () => {
    const { fake, dispatched } = await run(
      { 'GET /user/profile': () => ok({ user: PROFILE }) },
      loadProfileSaga,
      profileRequested(),
    );
    expect(fake.calls[0].path).toBe('/user/profile');
    expect(dispatched).toEqual([
      {
        type: 'profile/profileLoaded',
        payload: { subject: OWN_PROFILE, profile: { ...STORED, name: 'ravi', firstLetter: 'R' } },
      },
    ]);
  });

  test('another player from GET /user/profile/{id}', async () => {
    const { fake } = await run(
      { 'GET /user/profile/u-2': () => ok({ user: { ...PROFILE, _id: 'u-2' } }) },
      loadProfileSaga,
      profileRequested('u-2'),
    );
    expect(fake.calls[0].path).toBe('/user/profile/u-2');
  });

  test("failures: the server's message, else 'Failed to fetch user profile' / 'Failed to update user profile'", async () => {
    expect(
      (await run({ 'GET /user/profile': () => fail(500) }, loadProfileSaga, profileRequested())).dispatched,
    ).toEqual([
      { type: 'profile/profileFailed', payload: { subject: OWN_PROFILE, error: 'Failed to fetch user profile' } },
    ]);
    expect(
      (
        await run(
          { 'PUT /user/profile': () => fail(500) },
          updateProfileSaga,
          profileUpdateRequested({ name: 'Ravi K' }),
        )
      ).dispatched,
    ).toEqual([{ type: 'profile/profileUpdateFailed', payload: 'Failed to update user profile' }]);
    expect(
      (
        await run(
          { 'PUT /user/profile': () => fail(400, 'Unknown field: email') },
          updateProfileSaga,
          profileUpdateRequested({ name: 'Ravi K' }),
        )
      ).dispatched[0],
    ).toEqual({
      type: 'profile/profileUpdateFailed',
      payload: 'Unknown field: email',
    });
  });

  test('the update sends only the name, even when handed more; the session name follows', async () => {
    const sneaky = { name: 'Ravi K', email: 'evil@gmail.com', password: 'x', refreshToken: 'y' } as unknown as {
      name: string;
    };
    const { fake, dispatched } = await run(
      { 'PUT /user/profile': () => ok({ user: { ...PROFILE, name: 'Ravi K', firstLetter: 'R' } }, 'Profile updated.') },
      updateProfileSaga,
      profileUpdateRequested(sneaky),
    );
    expect(fake.calls[0].body).toEqual({ name: 'Ravi K' });
    expect(dispatched.map((a) => a.type)).toEqual(['profile/profileUpdated', 'auth/userRenamed', 'toasts/toastShown']);
    expect(dispatched[1].payload).toBe('Ravi K');
  });

  test("a late answer for a profile no longer shown is dropped (no flash of another player's data)", () => {
    let state = profileReducer(initialProfileState, profileRequested('u-2'));
    state = profileReducer(state, profileRequested('u-3'));
    state = profileReducer(state, profileLoaded({ subject: 'u-2', profile: { ...STORED, _id: 'u-2' } }));
    expect(state).toMatchObject({ subject: 'u-3', profile: null, status: 'loading' });
  });
});
