import { playThroughTerms, termsTexts } from '@app/domain';
import { setLanguage } from '../../shared/i18n/i18n';
import { playTermsList, termsList } from './terms-texts';

describe("the terms in the player's language", () => {
  test.each([{}, { roundSeconds: 60, gstBps: 2800 }, { roundSeconds: 30, gstBps: 0 }])(
    'in English, the list is the domain’s words exactly (%o)',
    (rules) => {
      expect(termsList(rules)).toEqual([...termsTexts(rules)]);
    },
  );

  test.each([
    { bonusWageringMultiplier: 5, bonusExpiryDays: 30, withdrawalTurnoverPercent: 100 },
    { bonusWageringMultiplier: 0, bonusExpiryDays: 30, withdrawalTurnoverPercent: 50 },
    { bonusWageringMultiplier: 3, bonusExpiryDays: 7, withdrawalTurnoverPercent: 0 },
  ])('in English, the bonus and withdrawal rules are the domain’s words exactly (%o)', (rules) => {
    expect(playTermsList(rules)).toEqual([...playThroughTerms(rules)]);
  });

  test('in Hindi, with the same figures', () => {
    setLanguage('hi-IN');
    const list = termsList({ roundSeconds: 60, gstBps: 2800 });
    expect(list[0]).toBe('सिर्फ़ 18+ के लिए।');
    expect(list[1]).toBe('हर राउंड 60 सेकंड का होता है।');
    expect(list[3]).toContain('28% GST');
    expect(
      playTermsList({ bonusWageringMultiplier: 5, bonusExpiryDays: 30, withdrawalTurnoverPercent: 100 })[1],
    ).toContain('5 गुना');
  });
});
