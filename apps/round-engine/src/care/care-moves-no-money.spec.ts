import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file of the care signals' code: the detectors, the job, the console's routes and the web tab. */
const CARE_CODE = ['libs/domain/src/care', 'apps/round-engine/src/care', 'apps/api/src/admin/care']
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.includes('.spec.') && !f.includes('.int-spec.'))
      .map((f) => join(dir, f)),
  )
  .concat(
    readdirSync('apps/web/src/features/admin')
      .filter((f) => f.startsWith('care'))
      .map((f) => join('apps/web/src/features/admin', f)),
    ['apps/web/src/features/admin/components/CareTab.tsx'],
  );

/**
 * A care flag is about a player's wellbeing, never about their money: nothing in the care code reaches a wallet, the
 * ledger, a bonus, a promotion or the mail queue, and it writes only its own tables and the audit log. (A break the
 * console applies goes through the break machinery, which moves no money either.) The int spec shows the same from
 * the other side: a run and a break leave every posting, event and wallet as they were.
 */
describe('the care code moves no money and sends no promotion', () => {
  it('is found', () => {
    expect(CARE_CODE.length).toBeGreaterThanOrEqual(10);
  });

  it.each(CARE_CODE)('%s touches no wallet, ledger, bonus or mail', (file) => {
    const source = readFileSync(file, 'utf8');
    for (const forbidden of [
      /@app\/ledger/,
      /recordEntries/,
      /lockWallets/,
      /['"`\s]wallets['"`\s]/,
      /ledger_postings/,
      /house:/,
      /bonus_wagering/,
      /referrals/,
      /@app\/mail/,
      /MailQueue/,
    ]) {
      expect({ file, match: source.match(forbidden)?.[0] ?? null }).toEqual({ file, match: null });
    }
  });

  it.each(CARE_CODE)('%s writes only the care tables and the audit log', (file) => {
    const source = readFileSync(file, 'utf8');
    const written = [
      ...source.matchAll(
        /(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)|(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)/g,
      ),
    ].map((m) => m[1] ?? m[2]);
    expect(written.filter((table) => !['care_flags', 'care_scans', 'audit_log'].includes(table!))).toEqual([]);
  });
});
