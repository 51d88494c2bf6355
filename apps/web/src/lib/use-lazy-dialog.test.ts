import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLazyDialog } from './use-lazy-dialog';

describe('useLazyDialog', () => {
  it('fetches on approach, mounts and opens on click, and stays mounted once closed', () => {
    const load = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useLazyDialog(load));
    expect(result.current).toMatchObject({ open: false, mounted: false });
    result.current.trigger.onPointerEnter();
    result.current.trigger.onFocus();
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.mounted).toBe(false);
    act(() => result.current.trigger.onClick());
    expect(result.current).toMatchObject({ open: true, mounted: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ open: false, mounted: true });
  });
});
