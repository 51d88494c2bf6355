import type { ArgsProps as NoticeArgs } from 'antd/es/notification';
import type { ModalFuncProps } from 'antd/es/modal';
import type { ReactNode } from 'react';
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';

/** Toasts, confirmation dialogs and notices, as antd's App.useApp() gives them (the parts we use). */
export interface Feedback {
  message: Record<'success' | 'error' | 'warning' | 'info', (content: ReactNode, seconds?: number) => void>;
  modal: Record<'confirm' | 'success', (config: ModalFuncProps) => void>;
  notification: Record<'info' | 'warning', (args: NoticeArgs) => void>;
}

const Host = lazy(() => import('./feedback-host'));
const Context = createContext<Feedback | null>(null);

/**
 * Gives its children `useFeedback()`. antd's message, modal and notification (rc-notification,
 * rc-dialog and rc-field-form with them, about 35 KiB gzip) load with the first call, not with the
 * page (docs/decisions/033-a-first-load-without-antd.md); calls made meanwhile wait for them.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [hosted, setHosted] = useState(false);
  const api = useRef<Feedback | null>(null);
  const waiting = useRef<Array<(f: Feedback) => void>>([]);
  const run = useCallback((call: (f: Feedback) => void) => {
    if (api.current) return call(api.current);
    waiting.current.push(call);
    setHosted(true);
  }, []);
  const ready = useCallback((f: Feedback) => {
    api.current = f;
    for (const call of waiting.current.splice(0)) call(f);
  }, []);
  const value = useMemo<Feedback>(() => {
    const toast = (kind: keyof Feedback['message']) => (content: ReactNode, seconds?: number) =>
      run((f) => f.message[kind](content, seconds));
    const notice = (kind: keyof Feedback['notification']) => (args: NoticeArgs) =>
      run((f) => f.notification[kind](args));
    return {
      message: {
        success: toast('success'),
        error: toast('error'),
        warning: toast('warning'),
        info: toast('info'),
      },
      modal: {
        confirm: (config) => run((f) => f.modal.confirm(config)),
        success: (config) => run((f) => f.modal.success(config)),
      },
      notification: { info: notice('info'), warning: notice('warning') },
    };
  }, [run]);
  return (
    <Context.Provider value={value}>
      {children}
      {hosted ? (
        <Suspense fallback={null}>
          <Host onReady={ready} />
        </Suspense>
      ) : null}
    </Context.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(Context);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
