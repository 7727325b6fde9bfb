import { localBeaconOptions } from './local-beacon-args.js';

describe('local beacon command line', () => {
  it('reads arguments, and environment variables for what they do not give', () => {
    expect(
      localBeaconOptions(['--port', '8081', '--period=1', '--seed', 'dev'], {
        LOCAL_BEACON_PORT: '9000',
        LOCAL_BEACON_GENESIS: '1700000000',
      }),
    ).toEqual({
      port: 8081,
      host: undefined,
      period: 1,
      genesisTime: 1_700_000_000,
      seed: 'dev',
    });
    expect(localBeaconOptions([], {})).toEqual({
      port: undefined,
      host: undefined,
      period: undefined,
      genesisTime: undefined,
      seed: undefined,
    });
  });

  it('refuses invalid numbers and unknown options', () => {
    expect(() => localBeaconOptions(['--port', '70000'], {})).toThrow(/--port/);
    expect(() => localBeaconOptions(['--period', '0'], {})).toThrow(/--period/);
    expect(() => localBeaconOptions([], { LOCAL_BEACON_PERIOD: '1.5' })).toThrow(/LOCAL_BEACON_PERIOD/);
    expect(() => localBeaconOptions(['--colour', 'red'], {})).toThrow();
  });
});
