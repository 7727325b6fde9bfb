import type { PlayerIdentity } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { summaryOf } from '../../wallet/testing/fixtures';

const NONE: PlayerIdentity = {
  status: 'not-submitted',
  fullName: null,
  documentType: null,
  documentNumber: null,
  submittedAt: null,
  decidedAt: null,
  rejectionReason: null,
  dateOfBirth: '1995-08-15',
  document: { type: 'PAN', name: 'PAN', pattern: '[A-Z]{5}[0-9]{4}[A-Z]', example: 'ABCDE1234F' },
  depositThreshold: 50_000,
  deposited: 1_500,
};
const PENDING: PlayerIdentity = {
  ...NONE,
  status: 'pending',
  fullName: 'Ravi Kumar',
  documentType: 'PAN',
  documentNumber: 'XXXXX4821R',
  submittedAt: '2026-11-29T05:00:00.000Z',
};

function openIdentity(identity: PlayerIdentity, routes: Record<string, FakeRoute> = {}) {
  return renderApp('/identity', {
    session: 'user',
    routes: {
      'GET /identity': () => ok({ identity }),
      'GET /wallet/summary': () => ok({ summary: summaryOf({ identityStatus: identity.status }) }),
      'GET /wallet/transactions': () => ok({ transactions: [] }),
      ...routes,
    },
  });
}

describe('the Identity screen', () => {
  test('checks the PAN as the server does, sends it normalised, then shows it pending and masked', async () => {
    const { user, fake } = openIdentity(NONE, {
      'POST /identity': () => ok({ identity: PENDING }, 'Identity details submitted. We will check them shortly.'),
    });
    expect(await screen.findByTestId('identity-status')).toHaveTextContent('Not submitted');
    expect(
      screen.getByText(
        'Deposits up to ₹50,000.00 in total can be made before your identity is verified (so far: ₹1,500.00).',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name as on your PAN'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('PAN number'), 'bqkpm4821');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(screen.getByText('Please enter a valid PAN number (e.g. ABCDE1234F).')).toBeInTheDocument();
    expect(fake.callsTo('POST /identity')).toHaveLength(0);
    await user.type(screen.getByLabelText('PAN number'), 'r');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Identity details submitted. We will check them shortly.')).toBeInTheDocument();
    expect(fake.callsTo('POST /identity')[0]!.body).toEqual({ fullName: 'Ravi Kumar', documentNumber: 'BQKPM4821R' });
    expect(screen.getByTestId('identity-status')).toHaveTextContent('Pending review');
    expect(screen.getByText('PAN XXXXX4821R')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });

  test("a rejection shows the reviewer's reason, and the form again", async () => {
    openIdentity({ ...PENDING, status: 'rejected', rejectionReason: 'The name does not match the PAN.' });
    expect(await screen.findByTestId('identity-status')).toHaveTextContent('Rejected');
    expect(
      screen.getByText(
        'Your identity details were rejected: The name does not match the PAN. Please submit them again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });

  test('the server’s field message is shown under its field', async () => {
    const { user } = openIdentity(NONE, {
      'POST /identity': () => fail(409, 'Your identity details are being checked.'),
    });
    await screen.findByTestId('identity-status');
    await user.type(screen.getByLabelText('Full name as on your PAN'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('PAN number'), 'BQKPM4821R');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Your identity details are being checked.')).toBeInTheDocument();
  });

  test('an account without a date of birth gives it here; under 18 is refused in the terms’ words', async () => {
    const { user, fake } = openIdentity(
      { ...NONE, dateOfBirth: null },
      { 'PUT /identity/date-of-birth': () => ok({ identity: NONE }, 'Date of birth saved.') },
    );
    const field = await screen.findByLabelText('Date of birth');
    fireEvent.change(field, { target: { value: '2015-06-01' } });
    await user.click(screen.getByRole('button', { name: 'Save date of birth' }));
    expect(screen.getByText('You must be 18 or older to play.')).toBeInTheDocument();
    expect(fake.callsTo('PUT /identity/date-of-birth')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '1995-08-15' } });
    await user.click(screen.getByRole('button', { name: 'Save date of birth' }));
    expect(await screen.findByText('Date of birth saved.')).toBeInTheDocument();
    expect(fake.callsTo('PUT /identity/date-of-birth')[0]!.body).toEqual({ dateOfBirth: '1995-08-15' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save date of birth' })).not.toBeInTheDocument());
  });

  test('the wallet and the withdraw screen lead to it until the identity is verified', async () => {
    const { user } = renderApp('/wallet', {
      session: 'user',
      routes: {
        'GET /wallet/summary': () =>
          ok({ summary: summaryOf({ identityStatus: 'not-submitted', isEligibleForWithdrawal: false }) }),
        'GET /wallet/transactions': () => ok({ transactions: [] }),
        'GET /identity': () => ok({ identity: NONE }),
      },
    });
    expect(await screen.findByText('Please verify your identity before you withdraw.')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Verify your identity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity' })).toBeInTheDocument();
  });
});
