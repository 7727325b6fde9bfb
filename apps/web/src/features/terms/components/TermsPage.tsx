import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { PLAY_SAFELY_TEXTS } from '../../play-safely/play-safely-texts';
import { DEPOSIT_RULES, DISPUTE_MESSAGES, playThroughTerms, termsTexts } from '@app/domain';
import { useAppSelector } from '../../../shared/store-hooks';
import { COMPLIANCE_NOTE } from '../../../shared/constants';
import { selectRules } from '../../config/selectors';
import { Screen } from '../../../shared/ui/Screen';
import '../terms.css';

export function TermsPage() {
  const { roundSeconds, gstBps, playThrough } = useAppSelector(selectRules);
  return (
    <Screen title="Terms and Conditions" className="terms">
      <h1>Terms and Conditions</h1>
      <ol className="terms__list">
        {termsTexts({ roundSeconds, gstBps }).map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>
      <section aria-labelledby="terms-deposits-title">
        <h2 id="terms-deposits-title">Deposits</h2>
        <ul className="terms__list">
          {DEPOSIT_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="terms-play-title">
        <h2 id="terms-play-title">Bonus and withdrawals</h2>
        <ul className="terms__list">
          {playThroughTerms(playThrough).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
      <p>
        {PLAY_SAFELY_TEXTS.termsLine[0]}
        <Link to={PATHS.playSafely}>{PLAY_SAFELY_TEXTS.title}</Link>
        {PLAY_SAFELY_TEXTS.termsLine[1]}
      </p>
      <p>
        {PLAY_SAFELY_TEXTS.termsBreaks[0]}
        <Link to={PATHS.playSafely}>{PLAY_SAFELY_TEXTS.title}</Link>
        {PLAY_SAFELY_TEXTS.termsBreaks[1]}
      </p>
      <section aria-labelledby="terms-disputes-title">
        <h2 id="terms-disputes-title">Disputes</h2>
        <p>{DISPUTE_MESSAGES.sla}</p>
      </section>
      <section className="terms__notice" aria-labelledby="compliance-title">
        <h2 id="compliance-title">Legal notice</h2>
        <p>{COMPLIANCE_NOTE}</p>
      </section>
      <Link to={PATHS.register} className="btn btn--ghost btn--block">
        Back to registration
      </Link>
    </Screen>
  );
}
