import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { theme } from './antd-theme';

dayjs.locale('zh-cn');

/**
 * antd's locale and theme around what uses antd: the pages (except those the route table marks
 * `plain`) and the header's lazily loaded parts. Its own chunk, so that the entry carries no antd
 * (docs/decisions/033-a-first-load-without-antd.md).
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
