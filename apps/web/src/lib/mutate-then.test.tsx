import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mutateThen } from './mutate-then';

/** A mutation whose answer comes when the test says, asked from a component that can unmount. */
function setup() {
  let answer: (v: string) => void = () => undefined;
  let refuse: (e: Error) => void = () => undefined;
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useMutation({
        mutationFn: () =>
          new Promise<string>((resolve, reject) => {
            answer = resolve;
            refuse = reject;
          }),
      }),
    { wrapper },
  );
  return { hook, answer: (v: string) => answer(v), refuse: (e: Error) => refuse(e) };
}

describe('mutateThen', () => {
  it('runs the follow-up when the asking component unmounted before the answer (mutate does not)', async () => {
    const lost = setup();
    const viaMutate = vi.fn();
    // The pattern the lint rule forbids, shown losing its callback.
    // eslint-disable-next-line no-restricted-syntax
    await act(async () => lost.hook.result.current.mutate(undefined, { onSuccess: viaMutate }));
    lost.hook.unmount();
    await act(async () => lost.answer('done'));
    expect(viaMutate).not.toHaveBeenCalled();

    const kept = setup();
    const viaThen = vi.fn();
    await act(async () => mutateThen(kept.hook.result.current, undefined, viaThen));
    kept.hook.unmount();
    await act(async () => kept.answer('done'));
    expect(viaThen).toHaveBeenCalledWith('done');
  });

  it('runs nothing on a failure and leaves no unhandled rejection', async () => {
    const { hook, refuse } = setup();
    const done = vi.fn();
    await act(async () => mutateThen(hook.result.current, undefined, done));
    await act(async () => refuse(new Error('手机号格式错误')));
    expect(done).not.toHaveBeenCalled();
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
  });
});
