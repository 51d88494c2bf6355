import { useEffect } from 'react';
import { installRequestUi } from '../lib/request';
import { useFeedback } from '../components/feedback';

const goTo = (path: string) => window.location.assign(path);

/** Gives the request layer antd's toast and the 系统提示 dialog; `navigate` is for tests. */
export function RequestUiBridge({ navigate = goTo }: { navigate?: (path: string) => void }) {
  const { message, modal } = useFeedback();
  useEffect(() => {
    installRequestUi({
      toast: (text, seconds) => void message.error(text, seconds),
      confirmRelogin: () =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: '系统提示',
            content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
            okText: '重新登录',
            cancelText: '取消',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      navigate,
      currentPath: () => window.location.pathname + window.location.search,
    });
  }, [message, modal, navigate]);
  return null;
}
