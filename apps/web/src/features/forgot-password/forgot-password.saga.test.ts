import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, type Saga } from 'redux-saga';
import { createApiClient } from '../../shared/api';
import { createFakeFetch, fail, json, memoryTokens, ok, type FakeRoute } from '../../test/fake-fetch';
import { newPasswordSubmitted, resetCodeRequested, resetCodeSubmitted } from './forgot-password.slice';
import { requestCodeSaga, resetPasswordSaga, verifyCodeSaga } from './forgot-password.saga';

async function run(routes: Record<string, FakeRoute>, saga: Saga, action: UnknownAction) {
  const fake = createFakeFetch(routes);
  const dispatched: UnknownAction[] = [];
  await runSaga(
    {
      context: { api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens() }) },
      dispatch: (a: UnknownAction) => dispatched.push(a),
    },
    saga,
    action,
  ).toPromise();
  return { fake, dispatched };
}

const REQUEST = 'POST /auth/forgot-password/request';
const VERIFY = 'POST /auth/forgot-password/verify';
const RESET = 'POST /auth/forgot-password/reset';
const falseAnswer = () => json(200, { success: false, statusCode: 200 });

describe('forgot-password sagas', () => {
  test('request → code sent (otp step), verify → reset step, reset → done, each with the server note', async () => {
    const sent = await run(
      { [REQUEST]: () => ok({}, 'Code sent.') },
      requestCodeSaga,
      resetCodeRequested('ravi@gmail.com'),
    );
    expect(sent.fake.calls[0].body).toEqual({ email: 'ravi@gmail.com' });
    expect(sent.dispatched[0]).toMatchObject({
      type: 'forgotPassword/resetCodeSent',
      payload: { email: 'ravi@gmail.com', notice: 'Code sent.' },
    });

    const verified = await run(
      { [VERIFY]: () => ok({}, 'Code verified.') },
      verifyCodeSaga,
      resetCodeSubmitted({ email: 'ravi@gmail.com', otp: '123456' }),
    );
    expect(verified.fake.calls[0].body).toEqual({ email: 'ravi@gmail.com', otp: '123456' });
    expect(verified.dispatched).toEqual([{ type: 'forgotPassword/resetCodeVerified', payload: 'Code verified.' }]);

    const reset = await run(
      { [RESET]: () => ok({}) },
      resetPasswordSaga,
      newPasswordSubmitted({ email: 'ravi@gmail.com', password: 'n3w-secret' }),
    );
    expect(reset.fake.calls[0].body).toEqual({ email: 'ravi@gmail.com', password: 'n3w-secret' });
    expect(reset.dispatched).toEqual([{ type: 'forgotPassword/passwordResetDone', payload: null }]);
  });

  test.each([
    [requestCodeSaga, REQUEST, resetCodeRequested('ravi@gmail.com'), 'Failed to send OTP.'],
    [
      verifyCodeSaga,
      VERIFY,
      resetCodeSubmitted({ email: 'ravi@gmail.com', otp: '123456' }),
      'OTP verification failed.',
    ],
    [
      resetPasswordSaga,
      RESET,
      newPasswordSubmitted({ email: 'ravi@gmail.com', password: 'secret12' }),
      'Password reset failed.',
    ],
  ] as const)(
    '%o: success:false without a message → the step fallback; no answer → the network text',
    async (saga, path, action, fallback) => {
      expect((await run({ [path]: falseAnswer }, saga, action)).dispatched).toEqual([
        { type: 'forgotPassword/forgotPasswordFailed', payload: fallback },
      ]);
      expect((await run({ [path]: () => Promise.reject(new TypeError('offline')) }, saga, action)).dispatched).toEqual([
        { type: 'forgotPassword/forgotPasswordFailed', payload: 'Network error. Please try again.' },
      ]);
      expect(
        (await run({ [path]: () => fail(400, 'Incorrect code. 4 attempts left.') }, saga, action)).dispatched,
      ).toEqual([{ type: 'forgotPassword/forgotPasswordFailed', payload: 'Incorrect code. 4 attempts left.' }]);
    },
  );
});
