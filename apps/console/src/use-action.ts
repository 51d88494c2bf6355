import { App } from 'antd';
import { useState } from 'react';

/**
 * One operator action at a time: `busy` names the row being acted on, success and failure are told
 * with a message, and `done` (a reload, say) runs after a success.
 */
export function useAction(done?: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(key);
    try {
      await action();
      void message.success(success);
      done?.();
      return true;
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
