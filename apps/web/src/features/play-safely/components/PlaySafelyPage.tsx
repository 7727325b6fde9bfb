import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectIsAuthenticated, selectRole } from '../../auth/selectors';
import { limitsRequested } from '../play-safely.slice';
import { PLAY_SAFELY_BREAK_PATH, PLAY_SAFELY_TEXTS as T, type PlaySafelyToolScreen } from '../play-safely-texts';
import { selectPlaySafely } from '../selectors';
import { LimitsForm } from './LimitsForm';
import '../play-safely.css';

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
  const signedIn = useAppSelector(selectIsAuthenticated);
  const role = useAppSelector(selectRole);
  const { view, loading, loadError } = useAppSelector(selectPlaySafely);
  const player = signedIn && role === 'user';
  useEffect(() => {
    if (player) dispatch(limitsRequested());
  }, [player, dispatch]);

  return (
    <Screen title={T.title} className="play-safely">
      <h1>{T.title}</h1>
      <p>{T.intro}</p>
      <section aria-labelledby="play-safely-tools">
        <h2 id="play-safely-tools">{T.toolsTitle}</h2>
        <dl className="play-safely__tools">
          {T.tools.map((tool) => (
            <div key={tool.title} className="play-safely__tool">
              <dt>{tool.title}</dt>
              <dd>
                {tool.text}
                {tool.link && (
                  <Link to={TOOL_PATHS[tool.link.screen]} className="play-safely__tool-link">
                    {tool.link.label}
                  </Link>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="small">{T.rule}</p>
      </section>

      <section aria-labelledby="play-safely-limits">
        <h2 id="play-safely-limits">{T.limitsTitle}</h2>
        {!player ? (
          <p>
            {T.signInToSet} <Link to={PATHS.login}>{T.signIn}</Link>
          </p>
        ) : view ? (
          <LimitsForm key={JSON.stringify(view)} view={view} />
        ) : loading ? (
          <Spinner label="Loading your limits" />
        ) : loadError ? (
          <p className="pay-error" role="alert">
            {loadError}
          </p>
        ) : null}
      </section>

      <Link to={PLAY_SAFELY_BREAK_PATH} className="btn btn--ghost btn--block play-safely__break">
        {T.breakLink}
      </Link>
    </Screen>
  );
}
