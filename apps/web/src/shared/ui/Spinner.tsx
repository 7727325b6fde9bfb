import { useT } from '../i18n/i18n';

interface SpinnerProps {
  /** What is being waited for, read by screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  const { t } = useT();
  return (
    <span className={`spinner spinner--${size}`} role="status" aria-label={label ?? t('common.loading')}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  );
}

/** Fills the screen while something the whole page needs (the session) is loading. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="spinner-screen">
      <Spinner label={label} size="lg" />
    </div>
  );
}
