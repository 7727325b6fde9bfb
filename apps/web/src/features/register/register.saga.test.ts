import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, type Saga } from 'redux-saga';
import { createApiClient } from '../../shared/api';
import { createFakeFetch, fail, json, memoryTokens, ok, type FakeRoute } from '../../test/fake-fetch';
import { registerCodeRequested, registerCodeSubmitted } from './register.slice';
import { requestCodeSaga, submitCodeSaga } from './register.saga';

async function run(route: FakeRoute, saga: Saga, action: UnknownAction) {
  const fake = createFakeFetch({ 'POST /auth/register': route });
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

const details = {
  username: 'ravi_k',
  email: 'ravi@gmail.com',
  password: 'secret12',
  confirmPassword: 'secret12',
  terms: true,
};

describe('register sagas', () => {
  test('step 1 sends the details without a code; the code-sent answer moves to step 2 with the note', async () => {
    const { fake, dispatched } = await run(
      () => ok({ otpSent: true, email: 'ravi@gmail.com' }, 'We have sent a 6-digit code to ravi@gmail.com.'),
      requestCodeSaga,
      registerCodeRequested(details),
    );
    // With the language the newcomer reads the app in (the code's e-mail is written in it).
    expect(fake.calls[0].body).toEqual({ ...details, language: 'en-IN' });
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({
      type: 'register/registerCodeSent',
      payload: { email: 'ravi@gmail.com', notice: 'We have sent a 6-digit code to ravi@gmail.com.' },
    });
  });

  test('step 2 sends the same details with the code; 201 with the user means done, with a toast', async () => {
    const { fake, dispatched } = await run(
      () =>
        json(201, {
          success: true,
          message: 'Registration successful. Please log in.',
          data: { user: { _id: 'u-9', name: 'ravi_k', email: 'ravi@gmail.com', role: 'user' } },
        }),
      submitCodeSaga,
      registerCodeSubmitted({ ...details, otp: '123456' }),
    );
    expect(fake.calls[0].body).toEqual({ ...details, otp: '123456', language: 'en-IN' });
    expect(dispatched.map((a) => a.type)).toEqual(['register/registered', 'toasts/toastShown']);
    expect(dispatched[1]).toMatchObject({
      payload: { kind: 'success', message: 'Registration successful. Please log in.' },
    });
  });

  test("failures show the server's message, else 'Something went wrong. Please try again.'", async () => {
    const wrong = await run(
      () => fail(400, 'Incorrect code. 4 attempts left.'),
      submitCodeSaga,
      registerCodeSubmitted({ ...details, otp: '000000' }),
    );
    expect(wrong.dispatched).toEqual([
      { type: 'register/registerFailed', payload: 'Incorrect code. 4 attempts left.' },
    ]);
    const down = await run(
      () => Promise.reject(new TypeError('offline')),
      requestCodeSaga,
      registerCodeRequested(details),
    );
    expect(down.dispatched).toEqual([
      { type: 'register/registerFailed', payload: 'Something went wrong. Please try again.' },
    ]);
    const noUser = await run(() => ok({}), submitCodeSaga, registerCodeSubmitted({ ...details, otp: '123456' }));
    expect(noUser.dispatched).toEqual([
      { type: 'register/registerFailed', payload: 'Something went wrong. Please try again.' },
    ]);
  });
});
