import type { ReactNode } from 'react';
import { useCopyNotice } from '../hooks/use-copy-notice';
import { Icon } from './Icon';
import { useT } from '../i18n/i18n';

export const COPIED_TEXT = 'Copied!';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** Accessible name, e.g. 'Copy user ID'. */
  label: string;
  /** What the button shows (defaults to the text itself). */
  children?: ReactNode;
  /** Called when the browser refuses to copy. */
  onCopyFailed?: () => void;
  className?: string;
}

/** Tap to copy; shows 'Copied!' for 2 seconds, announced politely. */
export function CopyButton({ text, label, children, onCopyFailed, className }: CopyButtonProps) {
  const { copied, copy } = useCopyNotice();
  const { t } = useT();
  return (
    <button
      type="button"
      className={`copy-button${copied ? ' copy-button--copied' : ''}${className ? ` ${className}` : ''}`}
      aria-label={label}
      onClick={async () => {
        if (!(await copy(text))) onCopyFailed?.();
      }}
    >
      <span className="copy-button__value">{children ?? text}</span>
      <span className="copy-button__state" aria-live="polite">
        {copied ? t('common.copied') : <Icon name="copy" size={18} />}
      </span>
    </button>
  );
}
