import { useAppDispatch } from '../../../shared/store-hooks';
import { useT } from '../../../shared/i18n/i18n';
import { languageChosen } from '../language.saga';

/**
 * 'EN | हिं' in the header of every player's screen: one tap switches to the other language. Each face is written in
 * its own language, so a player finds theirs whichever is showing.
 */
export function LanguageSwitch() {
  const dispatch = useAppDispatch();
  const { t, language } = useT();
  const next = language === 'hi-IN' ? 'en-IN' : 'hi-IN';
  return (
    <button
      type="button"
      className="language-switch"
      aria-label={t('language.switchTo')}
      title={t('language.switchTo')}
      data-testid="language-switch"
      onClick={() => dispatch(languageChosen(next))}
    >
      <span lang="en" className={language === 'en-IN' ? 'language-switch__on' : undefined}>
        {t('language.en')}
      </span>
      <span aria-hidden="true" className="language-switch__bar">
        |
      </span>
      <span lang="hi" className={language === 'hi-IN' ? 'language-switch__on' : undefined}>
        {t('language.hi')}
      </span>
    </button>
  );
}
