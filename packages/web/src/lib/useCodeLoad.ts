import { useCallback, useEffect, useState } from 'react';

/** Code fetched on demand: what came, whether the last fetch failed, and a way to fetch it again. */
type CodeLoad<T> = { code: T | null; failed: boolean; retry: () => void };

/**
 * Fetches code with `load` (a dynamic import) once `wanted`, for a part of a screen that is not a
 * route of its own (the map). Unlike React.lazy, which keeps a failed fetch until the page is loaded
 * again, a failure here lasts until `retry`, which fetches again. `load` must be stable.
 */
export function useCodeLoad<T>(load: () => Promise<T>, wanted: boolean): CodeLoad<T> {
  const [state, setState] = useState<{ code: T | null; failed: boolean }>({ code: null, failed: false });
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    load().then(
      (code) => current && setState({ code, failed: false }),
      (error: unknown) => {
        console.warn('code not loaded', error);
        if (current) setState({ code: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [load, wanted, tries]);
  const retry = useCallback(() => {
    setState({ code: null, failed: false });
    setTries((n) => n + 1);
  }, []);
  return { ...state, retry };
}
