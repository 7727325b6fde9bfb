import { formatIstDateTime } from '@app/domain';
import { currentLanguage } from '../../shared/i18n/i18n';
import { playerTimeFormat } from '../../shared/india-time';

const dateTime = playerTimeFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A date and time in India time, in the player's language: English says it as the server's messages do
 * ('6 Dec 2026, 14:05 IST', the domain's formatIstDateTime); Hindi names the month in Hindi ('6 दिस॰ 2026, 14:05 IST').
 */
export function playSafelyDateTime(ms: number): string {
  return currentLanguage() === 'en-IN' ? formatIstDateTime(ms) : `${dateTime.format(ms)} IST`;
}
