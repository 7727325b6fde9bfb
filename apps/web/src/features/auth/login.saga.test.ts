import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, type Saga } from 'redux-saga';
import { createAppStore } from '../../app/store';
import { createApiClient, localSessionHint, sessionTokenStore } from '../../shared/api';
import { signedOut } from '../../shared/session';
import { createFakeFetch, fail, json, ok, type FakeRoute } from '../../test/fake-fetch';
import { initialForgotPasswordState } from '../forgot-password/forgot-password.slice';
import { initialProfileState, profileLoaded, profileRequested } from '../profile/profile.slice';
import { initialRegisterState, registerCodeSent } from '../register/register.slice';
import { initialAuthFormsState, loginRequested, logoutRequested } from './auth-forms.slice';
import { loginSaga, logoutSaga } from './login.saga';

async function run(routes: Record<string, FakeRoute>, saga: Saga, ...args: unknown[]) {
  const fake = createFakeFetch(routes);
  const dispatched: UnknownAction[] = [];
  await runSaga(
    {
      context: {
        api: createApiClient({ fetch: fake.fetch, tokens: sessionTokenStore }),
        sessionHint: localSessionHint,
      },
      dispatch: (a: UnknownAction) => dispatched.push(a),
    },
    saga,
    ...args,
  ).toPromise();
  return { fake, dispatched, types: dispatched.map((a) => a.type) };
}

const RAVI = { _id: 'u-1', name: 'Ravi', email: 'ravi@gmail.com', role: 'user' };

describe('login saga', () => {
  test('success keeps the access token and signs in with name and role', async () => {
    const { dispatched, fake } = await run(
      { 'POST /auth/login': () => ok({ user: RAVI, accessToken: 'a-1' }) },
      loginSaga,
      loginRequested({ email: 'ravi@gmail.com', password: 'secret12' }),
    );
    expect(fake.calls[0].body).toEqual({ email: 'ravi@gmail.com', password: 'secret12' });
    expect(sessionStorage.getItem('accessToken')).toBe('a-1');
    expect(dispatched).toEqual([
      { type: 'auth/signedIn', payload: { user: { id: 'u-1', name: 'Ravi', email: 'ravi@gmail.com' }, role: 'user' } },
    ]);
  });

  test("failure: the server's message, else 'Network error occurred'; no token kept", async () => {
    const refused = await run(
      { 'POST /auth/login': () => fail(401, 'Invalid email or password.') },
      loginSaga,
      loginRequested({ email: 'x@gmail.com', password: 'y' }),
    );
    expect(refused.dispatched).toEqual([{ type: 'authForms/loginFailed', payload: 'Invalid email or password.' }]);
    const silent = await run(
      { 'POST /auth/login': () => fail(500) },
      loginSaga,
      loginRequested({ email: 'x@gmail.com', password: 'y' }),
    );
    expect(silent.dispatched).toEqual([{ type: 'authForms/loginFailed', payload: 'Network error occurred' }]);
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });

  test('a 401 naming codes asks for them: a note when they were not sent, an error when they were', async () => {
    const challenge = {
      success: false,
      statusCode: 401,
      message: 'Enter the code.',
      errors: { code: 'Enter the code we e-mailed to you.', email: 'x' },
    };
    const asked = await run(
      { 'POST /auth/login': () => json(401, challenge) },
      loginSaga,
      loginRequested({ email: 'x@gmail.com', password: 'secret12' }),
    );
    expect(asked.dispatched).toEqual([
      { type: 'authForms/loginChallenged', payload: { fields: ['code'], message: 'Enter the code.', refused: false } },
    ]);
    const refused = await run(
      { 'POST /auth/login': () => json(401, { ...challenge, message: 'Not right.' }) },
      loginSaga,
      loginRequested({ email: 'x@gmail.com', password: 'secret12', code: '123456' }),
    );
    expect(refused.dispatched).toEqual([
      { type: 'authForms/loginChallenged', payload: { fields: ['code'], message: 'Not right.', refused: true } },
    ]);
    // Field errors of another status (a 400 of the form) are not a challenge.
    const invalid = await run(
      { 'POST /auth/login': () => json(400, { ...challenge, statusCode: 400 }) },
      loginSaga,
      loginRequested({ email: 'x@gmail.com', password: 'y' }),
    );
    expect(invalid.types).toEqual(['authForms/loginFailed']);
  });

  test('an answer without a token is a failure, not a half sign-in', async () => {
    const { types } = await run(
      { 'POST /auth/login': () => ok({ user: RAVI }) },
      loginSaga,
      loginRequested({ email: 'x@gmail.com', password: 'y' }),
    );
    expect(types).toEqual(['authForms/loginFailed']);
  });
});

describe('logout saga', () => {
  test('success clears the token and dispatches the sign-out clean-up', async () => {
    sessionStorage.setItem('accessToken', 'a-1');
    const { types, fake } = await run({ 'GET /auth/logout': () => ok({}, 'Logged out successfully.') }, logoutSaga);
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /auth/logout']);
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(types).toEqual([signedOut.type]);
  });

  test('a 401 (the session is already gone) cleans up the same way', async () => {
    sessionStorage.setItem('accessToken', 'a-1');
    const { types } = await run(
      { 'GET /auth/logout': () => fail(401, 'Your session has expired.'), 'POST /refresh-token': () => fail(401) },
      logoutSaga,
    );
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(types).toEqual([signedOut.type]);
  });

  test("any other failure keeps the session and says so ('Logout failed' without a message)", async () => {
    sessionStorage.setItem('accessToken', 'a-1');
    const { dispatched } = await run(
      { 'GET /auth/logout': () => Promise.reject(new TypeError('offline')) },
      logoutSaga,
    );
    expect(sessionStorage.getItem('accessToken')).toBe('a-1');
    expect(dispatched[0]).toEqual({ type: 'authForms/logoutFailed', payload: 'Logout failed' });
    expect(dispatched[1]).toMatchObject({
      type: 'toasts/toastShown',
      payload: { kind: 'error', message: 'Logout failed' },
    });
  });
});

describe('sign-out clean-up resets every identity slice', () => {
  test('profile, register, forgot password and the auth forms go back to their start', async () => {
    const fake = createFakeFetch({
      'GET /auth/refresh-token': () => ok({ user: RAVI, accessToken: 't' }),
      'GET /auth/logout': () => ok({}),
      'GET /user/profile': () => new Promise(() => undefined),
    });
    const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: sessionTokenStore }) });
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    store.dispatch(profileRequested());
    store.dispatch(
      profileLoaded({
        subject: 'own',
        profile: {
          _id: 'u-1',
          email: 'ravi@gmail.com',
          name: 'Ravi',
          firstLetter: 'R',
          joinDate: '',
          totalGames: 1,
          totalWinningsPaise: 0,
          totalDepositsPaise: 0,
        },
      }),
    );
    store.dispatch(registerCodeSent('ravi@gmail.com'));
    store.dispatch(logoutRequested());
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    const state = store.getState();
    expect(state.profile).toEqual(initialProfileState);
    expect(state.register).toEqual(initialRegisterState);
    expect(state.forgotPassword).toEqual(initialForgotPasswordState);
    expect(state.authForms).toEqual({
      ...initialAuthFormsState,
      logout: { ...initialAuthFormsState.logout, completed: true },
    });
  });
});
