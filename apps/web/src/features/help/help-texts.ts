/**
 * The help page's words in English (the catalogue imports them, so this file imports nothing that reads the
 * catalogue): rules, payouts and GST, where to ask (help.texts).
 */
export const HELP_TEXTS = {
  title: 'Help',
  howToPlay: 'How to play',
  payouts: 'Payouts and GST',
  choice: 'Choice',
  chance: 'Chance',
  pays: 'Pays',
  youReceive: 'A ₹100 win credits',
  returns: 'Returns on average',
  eachDigit: 'Each digit (0–9)',
  fairness: 'Fair results',
  fairnessText:
    'Every result is fixed before betting opens and mixed with public randomness; you can check any round yourself.',
  fairnessLink: 'How results are drawn, and a check of any round',
  playSafely: 'Stay in control',
  playSafelyLink: 'Limits, reality checks, breaks and self-exclusion',
  terms: 'Terms and Conditions',
  termsLink: 'Read the terms',
  ask: 'Questions about a payment or a bet',
  askSignedIn: 'Raise a dispute about a bet or a transaction: it is answered in writing within 14 days.',
  disputesLink: 'My disputes',
  support: 'Support',
  supportText: 'Write to us, or ask in the support group:',
} as const;
