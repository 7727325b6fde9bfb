/**
 * The one door from tests into the applications. A spec starts the api or the round engine through the functions
 * of this library (`startTestApi`, `startTestEngine`, `startTestStack`), never by importing another app's files;
 * `scripts/lint/spec-imports.spec.ts` holds every spec to that. The apps load on first use (dynamic import), so a
 * unit spec that imports `@app/testing` for a fake loads neither Nest application.
 */
import type { AppConfig } from '@app/config';
import type { Database } from '@app/db';

export function apiApp() {
  return import('../../../apps/api/src/bootstrap.js');
}

export function engineApp() {
  return import('../../../apps/round-engine/src/bootstrap.js');
}

/** The api's access-token issuer and password parameters (test users are made directly in the database). */
export async function apiAuth() {
  const [{ AccessTokenService }, { PASSWORD_HASH_OPTIONS }] = await Promise.all([
    import('../../../apps/api/src/auth/access-token.service.js'),
    import('../../../apps/api/src/auth/passwords.js'),
  ]);
  return { AccessTokenService, PASSWORD_HASH_OPTIONS };
}

/** The round engine's settlement (its set-based SQL), for the agreement tests that hold it to the domain. */
export async function engineSettlement(db: Database, config: AppConfig) {
  const { SettlementService } = await import('../../../apps/round-engine/src/rounds/settlement.service.js');
  return new SettlementService(db, config);
}

/** The round engine's period repository (its writes of the periods table), for the agreement tests. */
export async function enginePeriods(db: Database) {
  const { PeriodRepository } = await import('../../../apps/round-engine/src/rounds/period.repository.js');
  return new PeriodRepository(db);
}

/** The round engine's play-through worker (bonus release and expiry, referral grants), run on demand by a test. */
export async function enginePlayThrough(db: Database, config: AppConfig) {
  const { PlayThroughService } = await import('../../../apps/round-engine/src/play-through/play-through.service.js');
  return new PlayThroughService(db, config);
}
