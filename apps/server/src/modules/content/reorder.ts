import { conflict } from '../../http/errors';

/**
 * A new order names every item of the list once (the contract refuses repeats): a list that changed
 * since the editor loaded it (an item added or deleted meanwhile) is refused rather than half sorted.
 */
export function assertSameItems(locked: readonly string[], ids: readonly string[], changed: string) {
  const set = new Set(locked);
  if (locked.length !== ids.length || !ids.every((id) => set.has(id))) throw conflict(changed);
}
