import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { selectIdentityStatus } from '../../wallet/selectors';
import { useT } from '../../../shared/i18n/i18n';

/** The way to the Identity screen: "Verify your identity" until it is verified, then "Identity". */
export function IdentityLink({ className = 'btn btn--ghost btn--block identity-link' }: { className?: string }) {
  const status = useAppSelector(selectIdentityStatus);
  const { t } = useT();
  return (
    <Link to={PATHS.identity} className={className} data-testid="identity-link">
      {status && status !== 'verified' ? t('identity.verifyLink') : t('identity.link')}
    </Link>
  );
}
