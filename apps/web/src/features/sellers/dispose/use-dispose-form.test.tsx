import { act, cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisposeValues } from './form-model';
import { VIN } from './test-values';
import { useDisposeForm } from './use-dispose-form';

afterEach(cleanup);
// jsdom lays nothing out, so it has no scrolling.
Element.prototype.scrollIntoView = vi.fn();
const free = { vinInUse: () => null };

describe('the disposeCar form state', () => {
  it('checks a field from its first change, and again when another changes', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useDisposeForm({}, free, onChange));
    expect(result.current.errors).toEqual({});
    act(() => result.current.set({ reservePrice: '50000' }));
    expect(result.current.errors).toEqual({});
    // The reserve is checked against the starting price as soon as that changes.
    act(() => result.current.set({ startPrice: '68000' }));
    expect(result.current.errors).toEqual({ reservePrice: '保留价不能低于起拍价' });
    act(() => result.current.set({ reservePrice: '' }));
    expect(result.current.errors).toEqual({});
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('checks a whole step on "next", focusing the first field in error', () => {
    const { result } = renderHook(() => useDisposeForm({ startPrice: '100' }, free, () => undefined));
    const field = document.createElement('input');
    field.id = result.current.id('increment');
    document.body.append(field);
    let passed = true;
    act(() => {
      passed = result.current.validateStep(3);
    });
    expect(passed).toBe(false);
    expect(result.current.errors.increment).toBe('请填写加价幅度');
    expect(result.current.errors.viewingAddress).toBe('请填写看车地点');
    expect(result.current.errors.startPrice).toBeUndefined();
    expect(document.activeElement).toBe(field);
    field.remove();
  });

  it('keeps a document’s slot parts apart, and forgets what was checked on load', () => {
    const { result } = renderHook(() => useDisposeForm({}, free, () => undefined));
    act(() => result.current.setDoc('机动车行驶证', { expiry: '2030-01-01' }));
    act(() => result.current.setDoc('机动车行驶证', { files: [] }));
    expect(result.current.current().docs).toEqual({ 机动车行驶证: { expiry: '2030-01-01', files: [] } });
    expect(result.current.errors['doc:机动车行驶证:files']).toBe('请上传对应的文件');
    act(() => result.current.load({ startPrice: '1' }));
    expect(result.current.errors).toEqual({});
    expect(result.current.values).toEqual({ startPrice: '1' });
  });

  it('reads the VIN’s answer when a step is checked, not as it was at the last render', () => {
    const answers: Record<string, string | null> = {};
    const { result } = renderHook(() =>
      useDisposeForm({ vin: VIN }, { vinInUse: (vin) => answers[vin] }, () => undefined),
    );
    // The server's answer arrives after the render, just before 下一步 checks the step.
    answers[VIN] = '该车架号已有在审订单';
    act(() => {
      result.current.validateStep(0);
    });
    expect(result.current.errors.vin).toBe('该车架号已有在审订单');
  });

  it('reads a null of an old draft as no value', () => {
    const { result } = renderHook(() => useDisposeForm({}, free, () => undefined));
    act(() => result.current.load({ mileageKm: null, keyCount: 2 } as unknown as DisposeValues));
    expect(result.current.values).toEqual({ keyCount: 2 });
  });

  it('describes a control by its message once shown', () => {
    function Probe() {
      const form = useDisposeForm({}, free, () => undefined);
      const aria = form.aria('color', { hint: true, required: true });
      return <input {...aria} onFocus={() => form.set({ color: '' })} />;
    }
    const { container } = render(<Probe />);
    const input = container.querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-hint`);
    act(() => input.focus());
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-error ${input.id}-hint`);
  });
});
