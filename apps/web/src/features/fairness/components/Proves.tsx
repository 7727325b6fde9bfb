import { useT } from '../../../shared/i18n/i18n';

/** What a section's evidence proves, and what it does not, side by side. */
export function Proves({ proves, doesNotProve }: { proves: string; doesNotProve: string }) {
  const { t } = useT();
  return (
    <dl className="fair-proves">
      <div className="fair-proves__yes">
        <dt>{t('fairness.proves')}</dt>
        <dd>{proves}</dd>
      </div>
      <div className="fair-proves__no">
        <dt>{t('fairness.doesNotProve')}</dt>
        <dd>{doesNotProve}</dd>
      </div>
    </dl>
  );
}
