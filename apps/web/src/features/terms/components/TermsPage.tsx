import { Link } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { COMPLIANCE_NOTE, TERMS } from '../../../shared/constants';
import { Screen } from '../../../shared/ui/Screen';
import '../terms.css';

export function TermsPage() {
  return (
    <Screen title="Terms and Conditions" className="terms">
      <h1>Terms and Conditions</h1>
      <ol className="terms__list">
        {TERMS.map((term) => (
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
