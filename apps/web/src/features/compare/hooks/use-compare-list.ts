import { useCallback, useState } from 'react';
import {
  addCar,
  loadCompareList,
  moveCar,
  removeCar,
  saveCompareList,
  togglePin,
  type AddResult,
  type CompareCar,
} from '../utils/compare-list';

/** The compare list in state, written through to localStorage `carCompare` on every change. */
export function useCompareList() {
  const [list, setList] = useState<CompareCar[]>(() => loadCompareList());
  const commit = useCallback((next: CompareCar[]) => {
    setList(next);
    saveCompareList(next);
  }, []);
  return {
    list,
    replace: commit,
    add: useCallback(
      (car: CompareCar): AddResult => {
        const current = loadCompareList();
        const result = addCar(current, car);
        if (result.ok) commit(result.list);
        return result;
      },
      [commit],
    ),
    remove: useCallback((id: string) => commit(removeCar(loadCompareList(), id)), [commit]),
    pin: useCallback((id: string) => commit(togglePin(loadCompareList(), id)), [commit]),
    move: useCallback((id: string, d: -1 | 1) => commit(moveCar(loadCompareList(), id, d)), [commit]),
    clear: useCallback(() => commit([]), [commit]),
  };
}
