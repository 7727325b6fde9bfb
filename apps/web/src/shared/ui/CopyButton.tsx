import type { ReactNode } from 'react';
import { useCopyNotice } from '../hooks/use-copy-notice';
import './copy-button.css';

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
        {copied ? (
          COPIED_TEXT
        ) : (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M9 9h10a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2Z M5 15H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v1"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </span>
    </button>
  );
}
