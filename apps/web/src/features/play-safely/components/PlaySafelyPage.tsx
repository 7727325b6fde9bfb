import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectIsAuthenticated, selectRole } from '../../auth/selectors';
import { limitsRequested } from '../play-safely.slice';
import { PLAY_SAFELY_BREAK_PATH, PLAY_SAFELY_TEXTS, type PlaySafelyToolScreen } from '../play-safely-texts';
import { selectPlaySafely } from '../selectors';
import { LimitsForm } from './LimitsForm';

const TOOL_PATHS: Record<PlaySafelyToolScreen, string> = {
  playBreak: PATHS.playBreak,
  statement: PATHS.statement,
  disputes: PATHS.disputes,
  identity: PATHS.identity,
};

/**
 * Play safely (/play-safely, open to everyone): what each tool does (limits, reality checks, breaks, self-exclusion,
 * statements, disputes, identity checks) with a link to the screen of each, and — for a signed-in player — their
 * limits and reality-check interval to set. Reached from the profile and the wallet; the terms page points here.
 */
export function PlaySafelyPage() {
  const dispatch = useAppDispatch();
  const { t } = useT();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const role = useAppSelector(selectRole);
  const { view, loading, loadError } = useAppSelector(selectPlaySafely);
  const player = signedIn && role === 'user';
  useEffect(() => {
    if (player) dispatch(limitsRequested());
  }, [player, dispatch]);

  return (
    <Screen title={t('playSafely.title')} className="play-safely">
      <h1>{t('playSafely.title')}</h1>
      <p>{t('playSafely.intro')}</p>
      <section aria-labelledby="play-safely-tools">
        <h2 id="play-safely-tools">{t('playSafely.toolsTitle')}</h2>
        <dl className="play-safely__tools">
          {PLAY_SAFELY_TEXTS.tools.map((tool) => (
            <div key={tool.key} className="play-safely__tool">
              <dt>{t(`playSafely.tools.${tool.key}.title`)}</dt>
              <dd>
                {t(`playSafely.tools.${tool.key}.text`)}
                {tool.link && (
                  <Link to={TOOL_PATHS[tool.link.screen]} className="play-safely__tool-link">
                    {t(`playSafely.tools.${tool.key as 'breaks'}.link`)}
                  </Link>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="small">{t('playSafely.rule')}</p>
      </section>

      <section aria-labelledby="play-safely-limits">
        <h2 id="play-safely-limits">{t('playSafely.limitsTitle')}</h2>
        {!player ? (
          <p>
            {t('playSafely.signInToSet')} <Link to={PATHS.login}>{t('playSafely.signIn')}</Link>
          </p>
        ) : view ? (
          <LimitsForm key={JSON.stringify(view)} view={view} />
        ) : loading ? (
          <Spinner label={t('playSafely.loadingLimits')} />
        ) : loadError ? (
          <p className="pay-error" role="alert">
            {translateServerMessage(loadError)}
          </p>
        ) : null}
      </section>

      <Link to={PLAY_SAFELY_BREAK_PATH} className="btn btn--ghost btn--block play-safely__break">
        {t('playSafely.breakLink')}
      </Link>
    </Screen>
  );
}
