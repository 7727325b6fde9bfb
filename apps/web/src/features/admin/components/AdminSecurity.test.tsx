import { screen, waitFor, within } from '@testing-library/react';
import type { AdminSecurity } from '@app/contracts';
import { ADMIN_PASSWORD_MESSAGES, SECOND_FACTOR_MESSAGES } from '@app/domain';
import { fail, json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const OFF: AdminSecurity = {
  twoFactorEnrolled: false,
  twoFactorRequired: true,
  twoFactorWaived: true,
  recoveryCodesLeft: 0,
  enrolledAt: null,
};
const ON: AdminSecurity = {
  twoFactorEnrolled: true,
  twoFactorRequired: true,
  twoFactorWaived: true,
  recoveryCodesLeft: 10,
  enrolledAt: '2026-11-21T05:00:00.000Z',
};
const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = [
  'abcde-fghjk',
  'mnpqr-stuvw',
  'xyz23-45678',
  '9abcd-efghj',
  'kmnpq-rstuv',
  'wxyz2-34567',
  '89abc-defgh',
  'jkmnp-qrstu',
  'vwxyz-23456',
  '789ab-cdefg',
];

/** A server where the admin enrols with '123456'; `security` says what GET /admin/security answers (it follows enrolment). */
function securityServer(extra: Record<string, FakeRoute> = {}, start: AdminSecurity = OFF) {
  let security = start;
  return {
    'GET /admin/admin-profile': () => fail(404),
    'GET /admin/security': () => ok({ security }),
    'POST /admin/two-factor/enrolment': () =>
      ok({ secret: KEY, otpauthUri: `otpauth://totp/WinRound:asha%40gmail.com?secret=${KEY}&issuer=WinRound` }),
    'POST /admin/two-factor/confirm': (call) => {
      if ((call.body as { code: string }).code !== '123456')
        return json(400, {
          success: false,
          statusCode: 400,
          message: SECOND_FACTOR_MESSAGES.codeWrong,
          errors: { code: SECOND_FACTOR_MESSAGES.codeWrong },
        });
      security = ON;
      return ok({ recoveryCodes: CODES }, SECOND_FACTOR_MESSAGES.enrolled);
    },
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

const openSetting = async (routes: Record<string, FakeRoute>) => {
  const view = renderApp('/admin/dashboard', { session: 'super-admin', routes });
  await view.user.click(await screen.findByRole('tab', { name: 'Setting' }));
  return view;
};

describe('sign-in security in the admin console', () => {
  test('while waived and not enrolled, a warning banner above every tab leads to the Setting tab', async () => {
    const { user } = renderApp('/admin/dashboard', { session: 'super-admin', routes: securityServer() });
    const banner = await screen.findByRole('status', { name: 'Sign-in security' });
    expect(banner).toHaveTextContent(SECOND_FACTOR_MESSAGES.waivedBanner);
    expect(banner).toHaveClass('admin-banner--warning');
    await user.click(within(banner).getByRole('button', { name: 'Set up' }));
    expect(screen.getByRole('tab', { name: 'Setting' })).toHaveAttribute('aria-selected', 'true');
  });

  test('no banner once an authenticator is enrolled', async () => {
    renderApp('/admin/dashboard', { session: 'super-admin', routes: securityServer({}, ON) });
    await screen.findByRole('tab', { name: 'Dashboard' });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Sign-in security' })).not.toBeInTheDocument());
  });

  test('enrols: the QR code and the key shown once, the first code turns it on, the recovery codes are shown once', async () => {
    const { user, fake } = await openSetting(securityServer());
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator' }));
    const qr = await screen.findByRole('img', { name: 'QR code of the authenticator key' });
    expect(qr).toHaveAttribute('data-otpauth-uri', expect.stringContaining(`secret=${KEY}`));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('Authenticator key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Please enter the 6-digit code your authenticator app shows.')).toBeInTheDocument();
    expect(fake.callsTo('POST /admin/two-factor/confirm')).toHaveLength(0);
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECOND_FACTOR_MESSAGES.codeWrong);
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('heading', { name: 'Your recovery codes' });
    for (const code of CODES) expect(screen.getByText(code)).toBeInTheDocument();
    expect(fake.callsTo('POST /admin/two-factor/confirm').at(-1)!.body).toEqual({ code: '123456' });
    expect(screen.queryByRole('img', { name: 'QR code of the authenticator key' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(list).not.toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
    expect(await screen.findByText(/10 unused recovery codes left/)).toBeInTheDocument();
  });

  test('changes the password: the administrator rule in the form, the server’s field messages, then success', async () => {
    let answer: 'wrong' | 'ok' = 'wrong';
    const { user, fake } = await openSetting(
      securityServer(
        {
          'PUT /admin/password': () =>
            answer === 'wrong'
              ? json(400, {
                  success: false,
                  statusCode: 400,
                  message: ADMIN_PASSWORD_MESSAGES.currentWrong,
                  errors: { currentPassword: ADMIN_PASSWORD_MESSAGES.currentWrong },
                })
              : ok({}, ADMIN_PASSWORD_MESSAGES.changed),
        },
        ON,
      ),
    );
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await user.type(within(form).getByLabelText('New password'), 'short-pass');
    await user.type(within(form).getByLabelText('Confirm new password'), 'short-pass');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText("An administrator's password must be at least 12 characters.")).toBeInTheDocument();
    expect(within(form).getByText(SECOND_FACTOR_MESSAGES.totpInvalid)).toBeInTheDocument();
    expect(fake.callsTo('PUT /admin/password')).toHaveLength(0);

    for (const label of ['New password', 'Confirm new password']) {
      await user.clear(within(form).getByLabelText(label));
      await user.type(within(form).getByLabelText(label), 'Monsoon-Chai-2026');
    }
    await user.type(within(form).getByLabelText('Current authenticator code or a recovery code'), '246810');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(ADMIN_PASSWORD_MESSAGES.currentWrong)).toBeInTheDocument();
    expect(fake.callsTo('PUT /admin/password')[0]!.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'Monsoon-Chai-2026',
      confirmPassword: 'Monsoon-Chai-2026',
      code: '246810',
    });

    answer = 'ok';
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(ADMIN_PASSWORD_MESSAGES.changed);
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });
});
