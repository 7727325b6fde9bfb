import { loadCommonPasswords } from '@app/domain';
import { useEffect, useState } from 'react';

/**
 * The common-password list of @app/domain, for the forms that set a password. It is a separate chunk fetched when
 * such a form first shows (not part of the main bundle); until it has arrived (or if it cannot be fetched) the
 * form checks everything else, and the server, which always checks it, answers with the same message.
 */
export function useCommonPasswords(): ReadonlySet<string> | null {
  const [list, setList] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let current = true;
    loadCommonPasswords().then(
      (loaded) => {
        if (current) setList(loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return list;
}
