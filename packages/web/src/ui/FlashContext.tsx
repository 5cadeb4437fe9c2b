import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** SPEC §9: a success banner clears after 10 seconds. */
export const SUCCESS_BANNER_MS = 10_000;

type Flash = { kind: 'success' | 'error'; text: string; id: number };
type FlashApi = {
  flash: Flash | null;
  showSuccess: (text: string) => void;
  showError: (text: string) => void;
  clear: () => void;
};

const FlashContext = createContext<FlashApi | null>(null);

/** Holds the green/red banner shown under the top bar. */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const showSuccess = useCallback((text: string) => setFlash({ kind: 'success', text, id: Date.now() }), []);
  const showError = useCallback((text: string) => setFlash({ kind: 'error', text, id: Date.now() }), []);
  const clear = useCallback(() => setFlash(null), []);
  useEffect(() => {
    if (flash?.kind !== 'success') return;
    const timer = window.setTimeout(
      () => setFlash((f) => (f?.id === flash.id ? null : f)),
      SUCCESS_BANNER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [flash]);
  const api = useMemo(
    () => ({ flash, showSuccess, showError, clear }),
    [flash, showSuccess, showError, clear],
  );
  return <FlashContext.Provider value={api}>{children}</FlashContext.Provider>;
}

export function useFlash(): FlashApi {
  const api = useContext(FlashContext);
  if (!api) throw new Error('useFlash outside FlashProvider');
  return api;
}

/** The banner itself: polite live region so screen readers hear it. */
export function FlashBanner() {
  const { flash, clear } = useFlash();
  return (
    <div aria-live="polite" className="flash-region">
      {flash && (
        <div className={`flash flash-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          <span>{flash.text}</span>
          <button type="button" className="link-button" onClick={clear} aria-label="Dismiss message">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
