import type { CareFlagStatus } from '@app/contracts';
import { BREAK_OPTIONS, CARE_PATTERN_LABELS, PLAY_BREAK_OPTION_LABELS, type BreakOption } from '@app/domain';

/** The admin console's words for its Care tab (the patterns' sentences come from the server, the rules from @app/domain). */
export const CARE_TEXTS = {
  title: 'Care',
  intro:
    'Players whose play shows harm markers. Look at the figures, contact the player, or apply a break. A flag never leads to a bonus or a promotion.',
  filter: 'Show',
  statuses: { open: 'Open', contacted: 'Contacted', dismissed: 'Dismissed', all: 'All' } as Record<
    CareFlagStatus | 'all',
    string
  >,
  empty: 'No flagged players.',
  loadFailed: 'Failed to load care flags.',
  actionFailed: 'Failed to save.',
  patterns: CARE_PATTERN_LABELS,
  flagStatus: { open: 'Open', contacted: 'Contacted', dismissed: 'Dismissed' } as Record<CareFlagStatus, string>,
  seen: (first: string, last: string) => (first === last ? `Seen ${first}` : `First seen ${first} · last seen ${last}`),
  reviewed: (status: CareFlagStatus, by: string | null, at: string) =>
    `${status === 'dismissed' ? 'Dismissed' : 'Contacted'}${by ? ` by ${by}` : ''} on ${at}`,
  contacted: 'Record contact',
  dismiss: 'Dismiss',
  applyBreak: 'Apply a break',
  contactedTitle: (username: string) => `Contact with ${username}`,
  dismissTitle: (username: string) => `Dismiss this flag for ${username}?`,
  breakTitle: (username: string) => `Apply a break to ${username}?`,
  note: 'Note',
  noteHint: 'What was said or done. Recorded with your name.',
  contactedNote: 'Write down how you reached the player and what you agreed.',
  dismissNote: 'The flag opens again only if the pattern shows again after now.',
  breakNote:
    'Every session of the player ends at once and they cannot sign in, bet or deposit until it ends; they can still withdraw. Like any break, nobody can lift or shorten it.',
  breakLength: 'How long',
  breakOptions: BREAK_OPTIONS.map((option) => ({ option, label: PLAY_BREAK_OPTION_LABELS[option] })) as {
    option: BreakOption;
    label: string;
  }[],
  reason: 'Reason',
  reasonHint: 'Recorded with the break and in the audit log with your name.',
  cancel: 'Cancel',
  save: 'Save',
  onBreak: 'On a break until',
  excluded: 'Self-excluded',
} as const;
