import { COPY_NOTICE_MS } from '@app/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from '../clipboard';

/**
 * Copies text and reports `copied` for 2 seconds (SPEC: 'Copied!' for 2s); copying again restarts the 2 seconds.
 * `copy` resolves false when the browser refused.
 */
export function useCopyNotice(durationMs: number = COPY_NOTICE_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      const ok = await copyText(text);
      if (ok) {
        window.clearTimeout(timer.current);
        setCopied(true);
        timer.current = window.setTimeout(() => setCopied(false), durationMs);
      }
      return ok;
    },
    [durationMs],
  );

  return { copied, copy };
}
