import { useCallback, useState } from 'react';
import { useFlash } from '../ui/FlashContext.tsx';
import { outcomeOfFailure, withoutField } from './formErrors.ts';

/** Field errors of one form: set from a failed call or local checks, cleared per field on focus. */
export function useFormErrors(aliases: Record<string, string> = {}) {
  const { showError, clear } = useFlash();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clearField = useCallback((field: string) => setErrors((e) => withoutField(e, field)), []);
  const fail = useCallback(
    (error: unknown) => {
      const outcome = outcomeOfFailure(error, aliases);
      if ('fieldErrors' in outcome) setErrors(outcome.fieldErrors);
      else {
        setErrors({});
        showError(outcome.general);
      }
    },
    // Aliases are constant per form.
    [showError],
  );
  const reset = useCallback(() => {
    setErrors({});
    clear();
  }, [clear]);
  return { errors, setErrors, clearField, fail, reset };
}
