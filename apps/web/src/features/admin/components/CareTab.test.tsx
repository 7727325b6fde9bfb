import { screen, waitFor, within } from '@testing-library/react';
import type { CareFlag, CarePlayer } from '@app/contracts';
import { fail, json, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const CHASE: CareFlag = {
  id: '0190c0de-0000-7000-8000-00000000f001',
  pattern: 'loss-chasing',
  summary: 'Stakes rose after 3 losses in a row: ₹10 → ₹20 → ₹50 → ₹100 (29 Nov, 01:10–01:13 IST).',
  figures: { lossesInARow: 3, stakesPaise: [1000, 2000, 5000, 10000] },
  firstSeenAt: '2026-11-28T20:00:00.000Z',
  lastSeenAt: '2026-11-28T20:10:00.000Z',
  status: 'open',
  note: null,
  reviewedBy: null,
  reviewedAt: null,
};
const NIGHTS: CareFlag = {
  ...CHASE,
  id: '0190c0de-0000-7000-8000-00000000f002',
  pattern: 'night-play',
  summary:
    'Played between 00:00 and 06:00 IST on 3 of the last 7 days: 24 Nov (01:10), 26 Nov (03:00–03:20), 29 Nov (05:59).',
};
const RAVI: CarePlayer = {
  userId: '0190c0de-0000-7000-8000-000000000001',
  username: 'ravi_k',
  email: 'ravi@gmail.com',
  playBreak: null,
  flags: [CHASE, NIGHTS],
};

const CONTACTED = `PUT /admin/care/${CHASE.id}/contacted`;
const BREAK = `POST /admin/players/${RAVI.userId}/break`;

function careServer(extra: Record<string, FakeRoute> = {}) {
  let player = structuredClone(RAVI);
  return {
    'GET /admin/admin-profile': () => fail(404),
    'GET /admin/security': () => fail(404),
    'GET /admin/care': () => ok({ players: [player] }),
    'GET /admin/care?status=dismissed': () => ok({ players: [] }),
    [CONTACTED]: (call) => {
      const note = (call.body as { note: string }).note;
      const flag = { ...CHASE, status: 'contacted', note, reviewedBy: 'root', reviewedAt: '2026-11-29T06:00:00.000Z' };
      player = { ...player, flags: [flag, NIGHTS] } as CarePlayer;
      return ok({ flag }, 'Contact recorded.');
    },
    [BREAK]: () =>
      ok(
        {
          playBreak: {
            kind: 'break',
            option: '7d',
            phase: 'break',
            startedAt: '2026-11-29T08:34:30.000Z',
            endsAt: '2026-12-06T08:35:00.000Z',
            until: '2026-12-06T08:35:00.000Z',
          },
        },
        'Break applied until 6 Dec, 14:05 IST.',
      ),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

const openCare = async (routes: Record<string, FakeRoute>) => {
  const view = renderApp('/admin/dashboard', { session: 'super-admin', routes });
  await view.user.click(await screen.findByRole('tab', { name: 'Care' }));
  return view;
};

describe('the Care tab', () => {
  test('lists flagged players with each pattern and its figures; filters by status', async () => {
    const { user, fake } = await openCare(careServer());
    const ravi = await screen.findByRole('listitem', { name: 'ravi_k' });
    const chase = within(ravi).getByRole('listitem', { name: 'Chasing losses' });
    expect(chase).toHaveTextContent(
      'Stakes rose after 3 losses in a row: ₹10 → ₹20 → ₹50 → ₹100 (29 Nov, 01:10–01:13 IST).',
    );
    expect(chase).toHaveTextContent('Open');
    expect(chase).toHaveTextContent('First seen 29 Nov 2026, 01:30 IST · last seen 29 Nov 2026, 01:40 IST');
    expect(within(ravi).getByRole('listitem', { name: 'Playing through the night' })).toHaveTextContent(
      'on 3 of the last 7 days',
    );
    expect(within(ravi).getByRole('button', { name: 'Apply a break' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismissed' }));
    expect(await screen.findByText('No flagged players.')).toBeInTheDocument();
    expect(fake.callsTo('GET /admin/care?status=dismissed')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Dismissed' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('records contact with a note: asks for the note first, then shows it on the flag', async () => {
    const { user, fake } = await openCare(careServer());
    const chase = within(await screen.findByRole('listitem', { name: 'ravi_k' })).getByRole('listitem', {
      name: 'Chasing losses',
    });
    await user.click(within(chase).getByRole('button', { name: 'Record contact' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Contact with ravi_k' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please write what was done (3 to 1000 characters).');
    expect(fake.callsTo(CONTACTED)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Note'), ' Called; agreed a deposit limit. ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(CONTACTED)[0]!.body).toEqual({ note: 'Called; agreed a deposit limit.' });
    expect(await screen.findByText('Contact recorded.')).toBeInTheDocument();
    const after = within(screen.getByRole('listitem', { name: 'ravi_k' })).getByRole('listitem', {
      name: 'Chasing losses',
    });
    expect(after).toHaveTextContent('Contacted by root on 29 Nov 2026, 11:30 IST: Called; agreed a deposit limit.');
  });

  test('applies a break: says what it does, offers 24 hours to 6 weeks only, needs a reason, then shows the player on a break', async () => {
    const { user, fake } = await openCare(careServer());
    await user.click(
      within(await screen.findByRole('listitem', { name: 'ravi_k' })).getByRole('button', { name: 'Apply a break' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Apply a break to ravi_k?' });
    expect(dialog).toHaveTextContent('nobody can lift or shorten it');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['24h', '7d', '30d', '6w']);
    await user.click(within(dialog).getByRole('button', { name: 'Apply a break' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    expect(fake.callsTo(BREAK)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Loss-chasing at night; agreed on the phone.');
    await user.click(within(dialog).getByRole('button', { name: 'Apply a break' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.callsTo(BREAK)[0]!.body).toEqual({
      option: '7d',
      reason: 'Loss-chasing at night; agreed on the phone.',
    });
    expect(await screen.findByText('Break applied until 6 Dec, 14:05 IST.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'ravi_k' })).getByTestId('care-play-break')).toHaveTextContent(
      'On a break until 6 Dec 2026, 14:05 IST',
    );
  });

  test("the server's refusal of a shorter break shows in the dialog", async () => {
    const { user } = await openCare(
      careServer({
        [BREAK]: () =>
          json(409, {
            success: false,
            statusCode: 409,
            message: 'You can only make it longer: yours runs until 29 Dec 2026, 14:04 IST.',
          }),
      }),
    );
    await user.click(
      within(await screen.findByRole('listitem', { name: 'ravi_k' })).getByRole('button', { name: 'Apply a break' }),
    );
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chasing losses');
    await user.click(within(dialog).getByRole('button', { name: 'Apply a break' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You can only make it longer: yours runs until 29 Dec 2026, 14:04 IST.',
    );
  });
});
