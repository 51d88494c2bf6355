import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { FeedbackProvider } from '../components/feedback';
import { MockApi } from './mock-api';

// findBy… / waitFor give a busy machine 15 s rather than 1 s before calling a test failed: the
// first import of a lazy chunk (the bid panel with its antd modules) is transformed on demand and
// took just over 5 s while the e2e lane ran beside it. Nothing is timed; this only bounds a wait.
configure({ asyncUtilTimeout: 15_000 });

/** Renders UI as the app does (toasts and dialogs, a fresh query cache, a router at `path`). */
export function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <FeedbackProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </FeedbackProvider>,
  );
}

/** The server, faked at the request layer: answers in the `{code, msg, data}` envelope. */
export function mockApi() {
  return new MockApi();
}

export const ok = (data: unknown) => [200, { code: 200, msg: '操作成功', data }] as [number, unknown];
