import { BellOutlined } from '@ant-design/icons';
import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL, notices } from '@chepai/shared';
import { App, Badge, Button, Empty, List, Popover } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { consoleCall, consoleSession } from './console-api';

type Page = Awaited<ReturnType<typeof consoleCall<typeof notices.consoleNoticeList>>>;

/**
 * The operator's notices (new submissions, contracts to check, reconciliation differences) in the
 * console's header, live over the user channel (/api/live/me) with the console session.
 */
export function ConsoleNotices() {
  const { notification } = App.useApp();
  const [page, setPage] = useState<Page | null>(null);
  const [open, setOpen] = useState(false);
  const load = useCallback(() => {
    consoleCall(notices.consoleNoticeList, { pageNum: 1, pageSize: 8 })
      .then(setPage)
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    load();
    const token = consoleSession.token();
    if (!token) return;
    let ws: WebSocket | null = null;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
      const s = new WebSocket(`${scheme}//${location.host}${notices.USER_CHANNEL_PATH}`, [
        LIVE_PROTOCOL,
        LIVE_BEARER_PREFIX + token,
      ]);
      ws = s;
      s.onopen = () => (attempt = 0);
      s.onmessage = (ev) => {
        const m = JSON.parse(String(ev.data)) as notices.UserChannelMessage;
        if (m.type !== 'notice') return;
        load();
        if (m.popup)
          notification.info({ key: m.notice.id, message: m.notice.title, description: m.notice.body });
      };
      s.onclose = () => {
        if (stopped) return;
        timer = window.setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      ws?.close();
    };
  }, [load, notification]);
  const readAll = () =>
    void consoleCall(notices.consoleNoticeRead, { all: true })
      .then(load)
      .catch(() => undefined);
  const content = (
    <div className="console-notices">
      {page?.list.length ? (
        <List
          size="small"
          dataSource={page.list}
          renderItem={(n) => (
            <List.Item className={n.read ? '' : 'unread'}>
              <List.Item.Meta title={n.title} description={n.body} />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办通知" />
      )}
      <Button type="link" size="small" disabled={!page?.unread} onClick={readAll}>
        全部标为已读
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button type="text" aria-label={page?.unread ? `待办通知，${page.unread}条未读` : '待办通知'}>
        <Badge count={page?.unread ?? 0} size="small">
          <BellOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}
