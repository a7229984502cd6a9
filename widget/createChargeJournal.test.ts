import { describe, expect, it } from 'vitest';
import { CHARGE_JOURNAL_KEY, createChargeJournal } from './createChargeJournal';
import { memoryStorage } from './testing/memoryStorage';

describe('createChargeJournal', () => {
  it('keeps order ids in storage, where the next mount on the page sees them, and removes the key when empty', () => {
    const storage = memoryStorage();
    const journal = createChargeJournal(() => storage);
    journal.add('ord_1');
    journal.add('ord_2');
    expect(storage.items.get(CHARGE_JOURNAL_KEY)).toBe('["ord_1","ord_2"]');
    const nextMount = createChargeJournal(() => storage);
    expect(nextMount.durable).toBe(true);
    expect([nextMount.has('ord_1'), nextMount.has('ord_2'), nextMount.has('ord_3')]).toEqual([true, true, false]);
    nextMount.delete('ord_1');
    expect(journal.has('ord_1')).toBe(false);
    nextMount.delete('ord_2');
    expect(storage.items.has(CHARGE_JOURNAL_KEY)).toBe(false);
  });

  it('storage the browser refuses (a throw on access): memory only, not durable, still a journal for this mount', () => {
    const journal = createChargeJournal(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(journal.durable).toBe(false);
    journal.add('ord_1');
    expect(journal.has('ord_1')).toBe(true);
    journal.delete('ord_1');
    expect(journal.has('ord_1')).toBe(false);
  });

  it('a write that fails (quota): the entries move to memory, nothing is lost, not durable', () => {
    const storage = memoryStorage();
    const journal = createChargeJournal(() => storage);
    journal.add('ord_1');
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    journal.add('ord_2');
    expect(journal.durable).toBe(false);
    expect([journal.has('ord_1'), journal.has('ord_2')]).toEqual([true, true]);
  });

  it.each([
    { name: 'not JSON', stored: '{oops' },
    { name: 'not a list', stored: '{"ord_1":true}' },
    { name: 'not all strings', stored: '["ord_2",1,null,{"id":"ord_1"}]' },
  ])(
    'a stored value that is $name is not an empty journal: every order is unknown until settled, in this mount and the next',
    ({ stored }) => {
      const storage = memoryStorage();
      storage.items.set(CHARGE_JOURNAL_KEY, stored);
      const journal = createChargeJournal(() => storage);
      expect([journal.has('ord_1'), journal.has('ord_2'), journal.has('any order')]).toEqual([true, true, true]);
      expect(journal.durable).toBe(false);
      journal.delete('ord_1'); // its charges were read: its outcome is known
      expect([journal.has('ord_1'), journal.has('ord_2')]).toEqual([false, true]);
      journal.add('ord_1'); // charged again, outcome not known yet
      expect(journal.has('ord_1')).toBe(true);
      // The unreadable value stays, so the next mount cannot take it for an empty journal either.
      expect(storage.items.get(CHARGE_JOURNAL_KEY)).toBe(stored);
      const nextMount = createChargeJournal(() => storage);
      expect([nextMount.has('ord_1'), nextMount.durable]).toEqual([true, false]);
    },
  );
});
