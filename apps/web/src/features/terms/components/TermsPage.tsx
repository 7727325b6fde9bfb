import { Link } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { termsTexts } from '@app/domain';
import { useAppSelector } from '../../../app/hooks';
import { COMPLIANCE_NOTE } from '../../../shared/constants';
import { selectRules } from '../../config/selectors';
import { Screen } from '../../../shared/ui/Screen';
import '../terms.css';

export function TermsPage() {
  const { roundSeconds, gstBps } = useAppSelector(selectRules);
  return (
    <Screen title="Terms and Conditions" className="terms">
      <h1>Terms and Conditions</h1>
      <ol className="terms__list">
        {termsTexts({ roundSeconds, gstBps }).map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>
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
