// Dates and times are India time whatever zone the device is set to. These run in a zone far from India (set
// before the formatters are built), where formatting in the device's zone would show other hours and other days.
export {};

const deviceZone = process.env.TZ;
process.env.TZ = 'America/Los_Angeles';
const { INDIA_TIME_ZONE, indiaTimeFormat } = await import('./india-time');
const wallet = await import('../features/wallet/format');
const profile = await import('../features/profile/format');

describe('India time', () => {
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  test('the device here is not in India (so the tests below can tell)', () => {
    expect(new Intl.DateTimeFormat('en-IN', { hour: 'numeric' }).resolvedOptions().timeZone).toBe(
      'America/Los_Angeles',
    );
    // ICU names the zone by its older alias.
    expect(indiaTimeFormat({ hour: 'numeric' }).resolvedOptions().timeZone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    expect(INDIA_TIME_ZONE).toBe('Asia/Kolkata');
  });

  test('the wallet and the profile show the same India time for the same instant', () => {
    expect(wallet.formatDateTime('2026-11-21T04:30:05.000Z')).toBe('21 Nov 2026, 10:00 am');
    expect(profile.formatDateTime('2026-11-21T04:30:05.000Z')).toBe('21 Nov 2026, 10:00 am');
  });

  test("a day is India's day: 20:00 UTC is already the next day there", () => {
    expect(profile.formatDate('2026-11-20T20:00:00.000Z')).toBe('21 Nov 2026');
    expect(wallet.formatDateTime('2026-11-20T20:00:00.000Z')).toBe('21 Nov 2026, 01:30 am');
  });
});
