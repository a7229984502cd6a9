import type { JournalStorage } from '../createChargeJournal';

/**
 * A tab's sessionStorage as the charge journal sees it, in memory: shared by every mount made
 * with it. `items` shows what was written.
 */
export function memoryStorage(): JournalStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
