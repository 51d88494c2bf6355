import type { UseMutationResult } from '@tanstack/react-query';

/**
 * Runs a mutation, then `done` with its answer — also when the component that asked is gone by
 * then. `mutate(input, { onSuccess })` drops its callbacks once the component unmounts, and a step
 * that moves a deal on often unmounts the very dialog that took it: the live refresh of the deal
 * can land before the answer does, and the toast saying it worked was lost. A failure has been said
 * by the request layer already.
 */
export function mutateThen<I, O>(
  mutation: Pick<UseMutationResult<O, unknown, I>, 'mutateAsync'>,
  input: I,
  done: (answer: O) => void,
): void {
  mutation.mutateAsync(input).then(done, () => undefined);
}
