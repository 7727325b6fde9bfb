import type { FairnessPeriod, GameResult } from '@app/contracts';
import {
  BIG_SMALL,
  COLORS,
  formatPaise,
  GAMES_BY_KEY,
  gameOdds,
  isSeedHex,
  PAISE_PER_RUPEE,
  REJECT_THRESHOLD,
  type ChoiceOdds,
  type PayoutOptions,
} from '@app/domain';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { choiceText } from '../../game/components/ChoiceLabel';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectGstPercent, selectLockSeconds, selectPayoutOptions } from '../../config/selectors';
import { fairnessRequested, periodLookupRequested } from '../fairness.slice';
import { selectFairness } from '../selectors';
import { chainSteps, verifyDraw, verifyRefunded, type DrawVerification } from '../verify-draw';
import { VerificationReport } from './VerificationReport';
import '../../game/components/choice.css';
import '../fairness.css';

const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;
const grouped = new Intl.NumberFormat('en-IN');

/** Per game, one row per choice; the ten digits share one row (each has the same odds). */
function oddsGroups(options: PayoutOptions): { game: string; rows: { label: string; odds: ChoiceOdds }[] }[] {
  const colour = gameOdds('color', options);
  const bigSmall = gameOdds('bigSmall', options);
  return [
    { game: GAMES_BY_KEY.color.name, rows: COLORS.map((c, i) => ({ label: choiceText('color', c), odds: colour[i]! })) },
    { game: GAMES_BY_KEY.bigSmall.name, rows: BIG_SMALL.map((b, i) => ({ label: choiceText('bigSmall', b), odds: bigSmall[i]! })) },
    { game: GAMES_BY_KEY.number.name, rows: [{ label: 'Each digit 0–9', odds: gameOdds('number', options)[0]! }] },
  ];
}

const isDrawn = (period: FairnessPeriod) => period.status === 'DRAWN' || period.status === 'SETTLED';

/** Verifies a listed period against the seed revealed before it (the next older period that revealed one). */
function verifyListed(period: FairnessPeriod, older: FairnessPeriod[]): DrawVerification | null {
  if (!period.seed || !period.seedHash) return null;
  const previousSeed = older.find((p) => p.seed)?.seed ?? null;
  // A refunded period has no result to check, unless it was drawn before it was refunded.
  if (typeof period.digit !== 'number') {
    return period.status === 'REFUNDED' ? verifyRefunded({ periodId: period.periodId, seed: period.seed, expectedHash: period.seedHash, previousSeed }) : null;
  }
  return verifyDraw({
    periodId: period.periodId,
    seed: period.seed,
    expectedHash: period.seedHash,
    published: { digit: period.digit, color: period.color, bigSmall: period.bigSmall },
    previousSeed,
  });
}

function HowItWorks() {
  const lockSeconds = useAppSelector(selectLockSeconds);
  return (
    <section className="fair-section" aria-labelledby="fair-how">
      <h2 id="fair-how">How every result is fixed in advance</h2>
      <ol className="fair-steps">
        <li>
          Before the first round a secret random seed was made and hashed again and again with SHA-256: each seed is
          the SHA-256 of the next one, <code>seed[k−1] = SHA-256(seed[k])</code>. The last hash, <code>seed[0]</code>,
          is published below as the <strong>commitment</strong> and never changes.
        </li>
        <li>
          The k-th period uses <code>seed[k]</code>. Its committed hash <code>seed[k−1]</code> is the seed of the
          period before it, so it is published only once that period has been drawn, at the start of the period (the
          first period’s hash is the commitment). It is never shown while the period before it still takes bets:
          that would give away that period’s result. The games screen shows it as the period’s seed hash.
        </li>
        <li>
          The digit is <code>HMAC-SHA256(key = seed, message = period id)</code>. Its 32 bytes are read as eight
          4-byte big-endian numbers; a number of {REJECT_THRESHOLD.toLocaleString('en-US')} (2³² − 6) or more is skipped so that every
          digit is exactly as likely, and the first number kept gives <code>digit = number mod 10</code>. If all eight
          were skipped, the same is done with <code>HMAC-SHA256(seed, previous output)</code>.
        </li>
        <li>
          Big is 5 to 9 and small is 0 to 4. Violet is 0 and 5, green is 1, 3, 7 and 9, red is 2, 4, 6 and 8.
        </li>
        <li>
          When the period has been drawn its seed is revealed. Anyone can check that{' '}
          <code>SHA-256(seed[k]) = seed[k−1]</code> and recompute the digit. SHA-256 cannot be run backwards, so no
          player can work out a seed before it is revealed. Bets close {lockSeconds} seconds before the end of each
          period.
        </li>
      </ol>
    </section>
  );
}

function WhatItProves() {
  return (
    <section className="fair-section" aria-labelledby="fair-proves">
      <h2 id="fair-proves">What the chain proves, and what it does not</h2>
      <p>
        <strong>It proves</strong> that every result was fixed before any bet was seen: the whole chain was
        committed before the first round, and each period’s seed leads down to that commitment. It also proves that
        no result was changed afterwards: a different seed would no longer hash to the one published before it.
      </p>
      <p>
        <strong>It does not prove</strong> that no one can see a future result. We, the operator, hold the seeds
        that are not revealed yet, so we could know a result in advance. What the chain rules out is choosing or
        changing a result after the bets came in.
      </p>
      <p>
        <strong>Refunded periods.</strong> A period that was opened but could not be drawn in time (the round engine
        was down) is refunded: every stake goes back and it has no result. It keeps its place in the chain, and its
        seed is published after it ends (it is also the next period’s committed hash), so it is listed here and the
        chain has no gap. A period during which the round engine did not run at all was never opened: it is recorded
        as refunded without a chain index and uses no seed.
      </p>
    </section>
  );
}

function OddsTable() {
  const payoutOptions = useAppSelector(selectPayoutOptions);
  const gstPercent = useAppSelector(selectGstPercent);
  return (
    <section className="fair-section" aria-labelledby="fair-odds">
      <h2 id="fair-odds">Chance and return of each choice</h2>
      <div className="table-scroll">
        <table className="fair-odds">
          <caption className="visually-hidden">Chance, payout and return to player per choice</caption>
          <thead>
            <tr>
              <th scope="col">Choice</th>
              <th scope="col">Chance</th>
              <th scope="col">Pays</th>
              <th scope="col">Return</th>
              <th scope="col">After GST</th>
            </tr>
          </thead>
          {oddsGroups(payoutOptions).map(({ game, rows }) => (
            <tbody key={game}>
              <tr className="fair-odds__game">
                <th scope="rowgroup" colSpan={5}>
                  {game}
                </th>
              </tr>
              {rows.map(({ label, odds }) => (
                <tr key={label}>
                  <th scope="row" className="fair-odds__choice">
                    {label}
                  </th>
                  <td>{percent(odds.probability)}</td>
                  <td>x{odds.payout}</td>
                  <td>{percent(odds.rtpGross)}</td>
                  <td>{percent(odds.rtpNet)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="small muted">
        Return is what {formatPaise(PAISE_PER_RUPEE)} staked pays back on average: chance × payout, and after {gstPercent}% GST on
        the winnings above the stake. Every choice returns less than it stakes over time.
      </p>
    </section>
  );
}

function ManualCheck({ known }: { known: (periodId: string) => GameResult | undefined }) {
  const [periodId, setPeriodId] = useState('');
  const [seed, setSeed] = useState('');
  const [hash, setHash] = useState('');
  const [report, setReport] = useState<DrawVerification | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const published = known(periodId.trim());
    setReport(
      verifyDraw({
        periodId,
        seed,
        expectedHash: hash,
        published: published ? { digit: published.digit, color: published.color, bigSmall: published.bigSmall } : null,
      }),
    );
  };
  const ready = periodId.trim() !== '' && seed.trim() !== '' && hash.trim() !== '';
  return (
    <form className="fair-form" onSubmit={onSubmit} aria-labelledby="fair-manual">
      <h3 id="fair-manual">Check your own numbers</h3>
      <label className="fair-field">
        <span>Period id</span>
        <input value={periodId} onChange={(e) => setPeriodId(e.target.value)} inputMode="numeric" autoComplete="off" />
      </label>
      <label className="fair-field">
        <span>Revealed seed (64 hex characters)</span>
        <input value={seed} onChange={(e) => setSeed(e.target.value)} autoComplete="off" spellCheck={false} />
      </label>
      <label className="fair-field">
        <span>Seed hash published before the period</span>
        <input value={hash} onChange={(e) => setHash(e.target.value)} autoComplete="off" spellCheck={false} />
      </label>
      {hash.trim() !== '' && !isSeedHex(hash.trim()) && (
        <p className="small fair-warning">A hash is 64 hex characters.</p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={!ready}>
        Verify these numbers
      </button>
      {report && <VerificationReport verification={report} />}
    </form>
  );
}

/** What a looked-up period is, in words (a drawn one with its seed is verified below it). */
function LookedUp({ period }: { period: FairnessPeriod }) {
  if (period.status === 'REFUNDED') {
    return period.chainIndex === null ? (
      <p className="small muted">
        Period {period.periodId} was refunded: the round engine did not run during it, so it used no seed.
      </p>
    ) : (
      <p className="small muted">
        Period {period.periodId} was refunded:{' '}
        {typeof period.digit === 'number' ? 'it was drawn but could not be settled in time' : 'it could not be drawn in time'}{' '}
        and every stake went back. It used{' '}
        {`seed[${period.chainIndex}]`}, published after it ended{period.seed ? ': ' : ''}
        {period.seed && <code>{period.seed}</code>}.
      </p>
    );
  }
  if (isDrawn(period)) return null;
  return period.seedHash ? (
    <p className="small muted">
      Period {period.periodId} is not drawn yet; its committed hash is <code>{period.seedHash}</code>.
    </p>
  ) : (
    <p className="small muted">
      Period {period.periodId} is not drawn yet; its committed hash is published once the period before it has been
      drawn.
    </p>
  );
}

function PeriodLookup({ initial }: { initial: string }) {
  const dispatch = useAppDispatch();
  const { lookup } = useAppSelector(selectFairness);
  const [periodId, setPeriodId] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (periodId.trim()) dispatch(periodLookupRequested(periodId.trim()));
  };
  const found = lookup.period;
  const report = found ? verifyListed(found, []) : null;
  return (
    <form className="fair-form" onSubmit={onSubmit} aria-labelledby="fair-lookup">
      <h3 id="fair-lookup">Look up an older period</h3>
      <label className="fair-field">
        <span>Period id</span>
        <input value={periodId} onChange={(e) => setPeriodId(e.target.value)} inputMode="numeric" autoComplete="off" />
      </label>
      <button type="submit" className="btn btn--ghost btn--block" disabled={!periodId.trim() || lookup.isLoading}>
        Look up and verify
      </button>
      {lookup.isLoading && <Spinner size="sm" label="Looking up the period" />}
      {lookup.error && (
        <p className="fair-error small" role="alert">
          {lookup.error}
        </p>
      )}
      {found && <LookedUp period={found} />}
      {report && <VerificationReport verification={report} />}
    </form>
  );
}

/** The public fairness page: the commitment, how results are drawn, the odds, and verification in the browser. */
export function FairnessPage() {
  const dispatch = useAppDispatch();
  const { info, isLoading, error, lookup } = useAppSelector(selectFairness);
  const [params] = useSearchParams();
  const wanted = params.get('period') ?? '';
  const [selected, setSelected] = useState<string | null>(wanted || null);

  useEffect(() => {
    dispatch(fairnessRequested());
  }, [dispatch]);

  const recent = useMemo(() => info?.recent ?? [], [info]);
  const reports = useMemo(() => recent.map((period, i) => verifyListed(period, recent.slice(i + 1))), [recent]);
  const selectedIndex = recent.findIndex((r) => r.periodId === selected);
  // The running period's hash (once public) is the latest revealed seed.
  const latestSeed = recent.find((p) => p.seed)?.seed;
  const latestLinked = info?.nextSeedHash && latestSeed ? chainSteps(info.nextSeedHash, latestSeed) !== null : null;
  const known = (periodId: string): GameResult | undefined => {
    const candidates = [recent.find((r) => r.periodId === periodId), lookup.period?.periodId === periodId ? lookup.period : undefined];
    const drawn = candidates.find((p) => p && typeof p.digit === 'number' && p.color && p.bigSmall);
    return drawn ? { periodId, digit: drawn.digit!, color: drawn.color!, bigSmall: drawn.bigSmall! } : undefined;
  };

  return (
    <Screen title="Provably fair" className="fairness">
      <h1>Provably fair</h1>
      <p className="muted">
        Every result is fixed by a chain of seeds committed before the first round. Here is how, and a way to check
        any period yourself, right in this browser.
      </p>

      <section className="fair-section card" aria-labelledby="fair-commitment">
        <h2 id="fair-commitment">The commitment</h2>
        {isLoading && !info && <Spinner label="Loading the commitment" />}
        {error && (
          <p className="fair-error" role="alert">
            {error}
          </p>
        )}
        {info && (
          <dl className="fair-facts">
            <div>
              <dt>Commitment seed[0]</dt>
              <dd>
                <code data-testid="commitment">{info.commitment}</code>
              </dd>
            </div>
            <div>
              <dt>Chain length</dt>
              <dd>{grouped.format(info.chainLength)} periods</dd>
            </div>
            <div>
              <dt>Committed hash of the running period</dt>
              <dd>
                {info.nextSeedHash ? (
                  <code data-testid="running-hash">{info.nextSeedHash}</code>
                ) : (
                  <span className="muted small">Published once the period before it has been drawn.</span>
                )}
                {latestLinked !== null && (
                  <span className={`fair-link fair-link--${latestLinked}`}>
                    {latestLinked ? ' ✔ follows from the revealed seeds' : ' ✘ does not follow from the revealed seeds'}
                  </span>
                )}
              </dd>
            </div>
          </dl>
        )}
      </section>

      <HowItWorks />
      <WhatItProves />
      <OddsTable />

      <section className="fair-section" aria-labelledby="fair-verify">
        <h2 id="fair-verify">Verify a period</h2>
        {recent.length === 0 && !isLoading && <p className="muted small">No period has been drawn yet.</p>}
        {recent.length > 0 && (
          <ul className="fair-periods" aria-label="Recent periods">
            {recent.map((period, i) => {
              const report = reports[i];
              return (
                <li key={period.periodId}>
                  <button
                    type="button"
                    className="fair-period"
                    aria-pressed={selected === period.periodId}
                    onClick={() => setSelected(selected === period.periodId ? null : period.periodId)}
                  >
                    <span className="fair-period__id">{period.periodId}</span>
                    {isDrawn(period) ? (
                      <span className={`digit-ball digit-ball--${period.color}`}>{period.digit}</span>
                    ) : (
                      <span className="fair-period__refunded small muted">Refunded</span>
                    )}
                    <span className={`fair-period__mark fair-period__mark--${report ? String(report.ok) : 'none'}`}>
                      {report ? (report.ok ? '✔' : '✘') : '–'}
                      <span className="visually-hidden">{report ? (report.ok ? ' verified' : ' failed') : ' no seed'}</span>
                    </span>
                  </button>
                  {selected === period.periodId && report && <VerificationReport verification={report} />}
                  {selected === period.periodId && !isDrawn(period) && <LookedUp period={period} />}
                </li>
              );
            })}
          </ul>
        )}
        <PeriodLookup initial={selectedIndex < 0 ? wanted : ''} />
        <ManualCheck known={known} />
      </section>
    </Screen>
  );
}
