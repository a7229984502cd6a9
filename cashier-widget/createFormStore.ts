import { CARD_FIELDS, type CardField, type CardFormValues } from './validateCardForm';

/** The form's values and shown errors, readable synchronously from outside React (the relayed api). */
export interface FormSnapshot {
  values: CardFormValues;
  errors: Partial<Record<CardField, string>>;
}

/** A tiny external store for useSyncExternalStore: one snapshot object per change. */
export interface FormStore {
  getSnapshot(): FormSnapshot;
  subscribe(listener: () => void): () => void;
  setValue(field: CardField, value: string): void;
  setError(field: CardField, error: string | undefined): void;
  setErrors(errors: Partial<Record<CardField, string>>): void;
}

/** Creates an empty form store. */
export function createFormStore(): FormStore {
  const empty = Object.fromEntries(CARD_FIELDS.map((f) => [f, ''])) as CardFormValues;
  let snapshot: FormSnapshot = { values: empty, errors: {} };
  const listeners = new Set<() => void>();
  const set = (next: FormSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setValue(field, value) {
      set({ ...snapshot, values: { ...snapshot.values, [field]: value } });
    },
    setError(field, error) {
      const errors = { ...snapshot.errors };
      if (error) errors[field] = error;
      else delete errors[field];
      set({ ...snapshot, errors });
    },
    setErrors(errors) {
      set({ ...snapshot, errors: { ...errors } });
    },
  };
}
