'use client';

import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ShareFormErrors } from './share-options';

/** What a share dialog's form needs to know besides its fields. */
export interface ShareFormOptions<T> {
  /** The fields' first values (a function so that it runs once). */
  initial: () => T;
  /** The fields' errors, as the server would find them. */
  validate: (fields: T) => ShareFormErrors;
  /** The text of a failed submission, or undefined for the generic one. */
  describeError: (cause: unknown) => string | undefined;
  /** The text shown when `describeError` has none. */
  genericError: string;
}

/**
 * The state both share dialogs (create and edit) keep: the fields, their errors shown only
 * after a first submission, the busy flag while a request runs and the failure text.
 * `handleSubmit` checks the fields, then `refuse` (a text to show instead of sending, e.g.
 * "nothing changed"), then runs `send`, one at a time.
 */
export function useShareForm<T>({
  initial,
  validate,
  describeError,
  genericError,
}: ShareFormOptions<T>) {
  const [fields, setFields] = useState<T>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const errors = validate(fields);

  /** Changes some fields and clears the failure text. */
  function update(patch: Partial<T>): void {
    setFields((state) => ({ ...state, ...patch }));
    setFailure(undefined);
  }

  /** The form's submit handler: `send` runs when the fields are valid and nothing else runs. */
  function handleSubmit(send: () => Promise<void>, refuse?: () => string | undefined) {
    return (event: FormEvent<HTMLFormElement>): void => {
      event.preventDefault();
      setSubmitted(true);
      if (busy || Object.keys(errors).length > 0) {
        return;
      }
      const refusal = refuse?.();
      if (refusal !== undefined) {
        setFailure(refusal);
        return;
      }
      setBusy(true);
      setFailure(undefined);
      void send()
        .catch((cause: unknown) => setFailure(describeError(cause) ?? genericError))
        .finally(() => setBusy(false));
    };
  }

  return { fields, update, shown: submitted ? errors : {}, busy, failure, handleSubmit };
}
