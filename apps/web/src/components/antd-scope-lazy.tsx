import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

const load = () => import('./antd-scope');
const Scope = lazy(load);

/** Starts fetching the antd scope early (with the page's chunk), so neither waits for the other. */
export const loadAntdScope = (): Promise<unknown> => load();

/** AntdScope (./antd-scope.tsx) from its own chunk; `fallback` shows while it loads. */
export function AntdScope({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Scope>{children}</Scope>
    </Suspense>
  );
}

/** A lazily loaded component that uses antd, rendered inside its own scope. */
export function lazyWithAntd<P extends object>(
  loader: () => Promise<{ default: (props: P) => ReactNode }>,
  fallback: ReactNode = null,
) {
  const Inner = lazy(loader) as unknown as ComponentType<P>;
  return function WithAntd(props: P) {
    return (
      <AntdScope fallback={fallback}>
        <Inner {...props} />
      </AntdScope>
    );
  };
}
