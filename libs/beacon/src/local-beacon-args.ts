import { parseArgs } from 'node:util';
import type { LocalBeaconOptions } from './local-beacon.js';

/** Usage of the local beacon's command line (local-beacon-cli). */
export const LOCAL_BEACON_USAGE =
  'usage: node dist/libs/beacon/src/local-beacon-cli.js [--port N] [--host ADDR] [--period SECONDS] [--genesis UNIX_SECONDS] [--seed TEXT]\n' +
  '  (or LOCAL_BEACON_PORT, LOCAL_BEACON_HOST, LOCAL_BEACON_PERIOD, LOCAL_BEACON_GENESIS, LOCAL_BEACON_SEED; an argument wins over its variable)';

/**
 * The local beacon's options from command-line arguments (`--port 8080` or `--port=8080`) and, for what they do not
 * give, LOCAL_BEACON_* environment variables. Throws a RangeError, naming the option, on anything invalid.
 */
export function localBeaconOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): LocalBeaconOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      period: { type: 'string' },
      genesis: { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const text = (name: keyof typeof values, variable: string): string | undefined => {
    const value = values[name] ?? env[variable];
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: keyof typeof values, variable: string, min: number, max: number): number | undefined => {
    const value = text(name, variable);
    if (value === undefined) return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new RangeError(
        `--${name} (${variable}) must be a whole number ${min}..${max}, got ${JSON.stringify(value)}`,
      );
    return n;
  };
  return {
    port: integer('port', 'LOCAL_BEACON_PORT', 0, 65_535),
    host: text('host', 'LOCAL_BEACON_HOST'),
    period: integer('period', 'LOCAL_BEACON_PERIOD', 1, 3600),
    genesisTime: integer('genesis', 'LOCAL_BEACON_GENESIS', 0, Number.MAX_SAFE_INTEGER),
    seed: text('seed', 'LOCAL_BEACON_SEED'),
  };
}
