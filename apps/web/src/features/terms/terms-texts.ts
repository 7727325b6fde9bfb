import { gstBpsToPercent, ROUND_SECONDS, GST_BPS, type PlayThroughRules } from '@app/domain';
import { i18n } from '../../shared/i18n/i18n';

/**
 * The terms' list (the domain's termsTexts, SPEC §1) in the player's language, for the configured round length and
 * GST rate. In English it is the domain's words exactly (terms-texts.test.ts).
 */
export function termsList({ roundSeconds = ROUND_SECONDS, gstBps = GST_BPS } = {}): string[] {
  const t = i18n.t;
  return [
    t('terms.list.adults'),
    t('terms.list.rounds', { seconds: roundSeconds }),
    t('terms.list.noChange'),
    t('terms.list.gst', { percent: gstBpsToPercent(gstBps) }),
    t('terms.list.noRefunds'),
    t('terms.list.cheating'),
    t('terms.list.verification'),
    t('terms.list.frozen'),
  ];
}

/** The bonus and withdrawal rules (the domain's playThroughTerms) in the player's language, with the configured values. */
export function playTermsList(rules: PlayThroughRules): string[] {
  const { bonusWageringMultiplier: times, bonusExpiryDays: days, withdrawalTurnoverPercent: percent } = rules;
  const t = i18n.t;
  return [
    percent > 0
      ? percent === 100
        ? t('terms.play.turnoverAll')
        : t('terms.play.turnoverPart', { percent })
      : t('terms.play.noTurnover'),
    times > 0 ? t('terms.play.bonus', { times, days }) : t('terms.play.bonusFree'),
    t('terms.play.referral'),
    t('terms.play.oneBet'),
    t('terms.play.suspended'),
  ];
}
