import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { readStored, removeStored, writeStored } from './stored';

const PREFIX = 'popote:draft:';

/**
 * Keeps what the customer typed in a form for this tab (sessionStorage), so a reload or a lost
 * page does not lose a written message: restored once the page is interactive (after hydration,
 * never in the server's drawing), saved on each change, forgotten once sent (call the function
 * returned). Never for passwords or files: only the fields `keep` names are saved.
 */
export function useFormDraft<T extends FieldValues>(key: string, form: Pick<UseFormReturn<T>, 'watch' | 'reset' | 'getValues'>, keep: readonly (keyof T & string)[]) {
  const { watch, reset, getValues } = form;
  useEffect(() => {
    const saved = readDraft(key);
    if (saved) reset({ ...getValues(), ...pick(saved, keep) } as T);
    const { unsubscribe } = watch((values) => writeDraft(key, pick(values as Record<string, unknown>, keep)));
    return unsubscribe;
    // The fields kept are fixed for a form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, watch, reset, getValues]);
  return () => removeDraft(key);
}

function pick(values: Record<string, unknown>, keep: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keep.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]));
}

function readDraft(key: string): Record<string, unknown> | null {
  const kept = readStored(PREFIX + key, 'session');
  return kept && typeof kept === 'object' ? (kept as Record<string, unknown>) : null;
}

const writeDraft = (key: string, values: Record<string, unknown>) => writeStored(PREFIX + key, values, 'session');
const removeDraft = (key: string) => removeStored(PREFIX + key, 'session');
