import { ConfigProvider, message, Modal, notification } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { theme } from '../antd-theme';
import type { Feedback } from './feedback';

/** antd's hook-based message, modal and notification, in the mall's theme and locale. */
export default function FeedbackHost({ onReady }: { onReady: (f: Feedback) => void }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <Holders onReady={onReady} />
    </ConfigProvider>
  );
}

function Holders({ onReady }: { onReady: (f: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  const [noticeApi, noticeHolder] = notification.useNotification();
  useEffect(() => {
    onReady({
      message: {
        success: (c, s) => void messageApi.success(c, s),
        error: (c, s) => void messageApi.error(c, s),
        warning: (c, s) => void messageApi.warning(c, s),
        info: (c, s) => void messageApi.info(c, s),
      },
      modal: {
        confirm: (config) => void modalApi.confirm(config),
        success: (config) => void modalApi.success(config),
      },
      notification: { info: (a) => noticeApi.info(a), warning: (a) => noticeApi.warning(a) },
    });
  }, [messageApi, modalApi, noticeApi, onReady]);
  return (
    <>
      {messageHolder}
      {modalHolder}
      {noticeHolder}
    </>
  );
}
