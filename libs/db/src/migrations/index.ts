import type { Migration } from 'kysely';
import * as base from './0001-base.js';
import * as payments from './0002-payments.js';
import * as adminDashboard from './0003-admin-dashboard.js';
import * as publicPeriods from './0004-public-periods.js';
import * as identity from './0005-identity.js';
import * as moneyGuards from './0006-money-guards.js';
import * as fencing from './0007-fencing.js';
import * as betOutcomes from './0008-bet-outcomes.js';
import * as uniqueUsernames from './0009-unique-usernames.js';
import * as settlementInPlace from './0010-settlement-in-place.js';
import * as setBasedReferences from './0011-set-based-references.js';
import * as betsPlacedByBatch from './0012-bets-placed-by-batch.js';
import * as accountCheckWithoutRegex from './0013-account-check-without-regex.js';
import * as betsByPeriodAndPlayer from './0014-bets-by-period-and-player.js';
import * as fairnessAnchored from './0015-fairness-anchored.js';
import * as playThrough from './0016-play-through.js';
import * as accountGuards from './0017-account-guards.js';
import * as outcomesRetentionAndNames from './0018-outcomes-retention-and-names.js';
import * as utrClaims from './0019-utr-claims.js';
import * as playerLimits from './0020-player-limits.js';
import * as breaksAndExclusion from './0021-breaks-and-exclusion.js';
import * as identityChecks from './0022-identity-checks.js';
import * as disputes from './0023-disputes.js';
import * as careSignals from './0024-care-signals.js';
import * as awayWithdrawalWhole from './0025-away-withdrawal-whole.js';
import * as betPayouts from './0026-bet-payouts.js';
import * as pushSubscriptions from './0027-push-subscriptions.js';
import * as playerLanguage from './0028-player-language.js';
import * as partitionedHistory from './0029-partitioned-history.js';

/** Forward-only migrations, applied in key order. Add a new file per change; never edit an applied one. */
export const migrations: Record<string, Migration> = {
  '0001-base': base,
  '0002-payments': payments,
  '0003-admin-dashboard': adminDashboard,
  '0004-public-periods': publicPeriods,
  '0005-identity': identity,
  '0006-money-guards': moneyGuards,
  '0007-fencing': fencing,
  '0008-bet-outcomes': betOutcomes,
  '0009-unique-usernames': uniqueUsernames,
  '0010-settlement-in-place': settlementInPlace,
  '0011-set-based-references': setBasedReferences,
  '0012-bets-placed-by-batch': betsPlacedByBatch,
  '0013-account-check-without-regex': accountCheckWithoutRegex,
  '0014-bets-by-period-and-player': betsByPeriodAndPlayer,
  '0015-fairness-anchored': fairnessAnchored,
  '0016-play-through': playThrough,
  '0017-account-guards': accountGuards,
  '0018-outcomes-retention-and-names': outcomesRetentionAndNames,
  '0019-utr-claims': utrClaims,
  '0020-player-limits': playerLimits,
  '0021-breaks-and-exclusion': breaksAndExclusion,
  '0022-identity-checks': identityChecks,
  '0023-disputes': disputes,
  '0024-care-signals': careSignals,
  '0025-away-withdrawal-whole': awayWithdrawalWhole,
  '0026-bet-payouts': betPayouts,
  '0027-push-subscriptions': pushSubscriptions,
  '0028-player-language': playerLanguage,
  '0029-partitioned-history': partitionedHistory,
};
