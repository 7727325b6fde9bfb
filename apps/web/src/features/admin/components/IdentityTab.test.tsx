import type { AdminIdentitySubmission } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const RAVI: AdminIdentitySubmission = {
  submissionId: '0190c0de-0000-7000-8000-0000000000a1',
  userId: '0190c0de-0000-7000-8000-000000000001',
  username: 'ravi_k',
  email: 'ravi@gmail.com',
  status: 'pending',
  fullName: 'Ravi Kumar',
  documentType: 'PAN',
  documentNumber: 'XXXXX4821R',
  dateOfBirth: '1995-08-15',
  submittedAt: '2026-11-29T05:00:00.000Z',
  decidedAt: null,
  rejectionReason: null,
  sameNumberAccounts: 0,
};
const ASHA: AdminIdentitySubmission = {
  ...RAVI,
  submissionId: '0190c0de-0000-7000-8000-0000000000a2',
  userId: '0190c0de-0000-7000-8000-000000000002',
  username: 'asha',
  fullName: 'Asha Rao',
  sameNumberAccounts: 1,
};

function server(extra: Record<string, FakeRoute> = {}) {
  return {
    'GET /admin/admin-profile': () => fail(404),
    'GET /admin/security': () => fail(404),
    'GET /admin/identity?status=pending': () => ok({ submissions: [RAVI, ASHA] }),
    [`PUT /admin/identity/${RAVI.submissionId}/verify`]: () =>
      ok({ submission: { ...RAVI, status: 'verified' } }, 'Identity verified.'),
    [`PUT /admin/identity/${ASHA.submissionId}/reject`]: (call) =>
      ok(
        { submission: { ...ASHA, status: 'rejected', rejectionReason: (call.body as { reason: string }).reason } },
        'Identity rejected.',
      ),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

const openIdentity = async (routes: Record<string, FakeRoute>) => {
  const view = renderApp('/admin/dashboard', { session: 'super-admin', routes });
  await view.user.click(await screen.findByRole('tab', { name: 'Identity' }));
  return view;
};

describe('the Identity tab', () => {
  test('lists pending submissions with the number masked and a warning for a number seen on another account', async () => {
    await openIdentity(server());
    const ravi = await screen.findByRole('listitem', { name: 'ravi_k' });
    expect(ravi).toHaveTextContent('Ravi Kumar');
    expect(ravi).toHaveTextContent('PAN XXXXX4821R');
    expect(ravi).toHaveTextContent('1995-08-15');
    expect(within(ravi).queryByTestId('same-number')).not.toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'asha' })).getByTestId('same-number')).toHaveTextContent(
      'The same number was submitted by 1 other account.',
    );
  });

  test('verifies a submission: it leaves the pending list with a toast', async () => {
    const { user, fake } = await openIdentity(server());
    const ravi = await screen.findByRole('listitem', { name: 'ravi_k' });
    await user.click(within(ravi).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Identity verified.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'ravi_k' })).not.toBeInTheDocument());
    expect(fake.callsTo(`PUT /admin/identity/${RAVI.submissionId}/verify`)).toHaveLength(1);
  });

  test('rejects only with a reason, which is sent to the server', async () => {
    const { user, fake } = await openIdentity(server());
    const asha = await screen.findByRole('listitem', { name: 'asha' });
    await user.click(within(asha).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject the identity of asha?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
    expect(fake.callsTo(`PUT /admin/identity/${ASHA.submissionId}/reject`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason (shown to the player)'), 'The PAN belongs to someone else.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Identity rejected.')).toBeInTheDocument();
    expect(fake.callsTo(`PUT /admin/identity/${ASHA.submissionId}/reject`)[0]!.body).toEqual({
      reason: 'The PAN belongs to someone else.',
    });
  });

  test("shows a refused decision's message", async () => {
    const { user } = await openIdentity(
      server({
        [`PUT /admin/identity/${RAVI.submissionId}/verify`]: () =>
          fail(409, 'This identity submission is no longer pending.'),
      }),
    );
    await user.click(
      within(await screen.findByRole('listitem', { name: 'ravi_k' })).getByRole('button', { name: 'Verify' }),
    );
    expect(await screen.findByText('This identity submission is no longer pending.')).toBeInTheDocument();
  });
});
