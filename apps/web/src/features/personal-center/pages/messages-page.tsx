import { notices } from '@chepai/shared';
import { Button, Empty, List, Space, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMarkRead, useNoticePage } from '../../../api/notice-queries';
import { QueryState } from '../../../components/query-state';
import { noticeWhen } from '../../../components/notice-when';
import '../personal-center.css';

/** 站内信: every notice of the account by kind, unread first to the eye, each leading to its page. */
export default function MessagesPage() {
  const navigate = useNavigate();
  const [tab, setTab] = useState('all');
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const query = useNoticePage(page, tab, unread);
  const markRead = useMarkRead();
  const d = query.data;
  const open = (n: notices.Notice) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    if (n.link) void navigate(n.link);
  };
  return (
    <div className="center-body messages-page">
      <div className="center-title">站内信 {d?.unread ? <Tag color="red">{d.unread} 条未读</Tag> : null}</div>
      <Space className="messages-tools" wrap>
        <Space size={6}>
          <Switch
            size="small"
            checked={unread}
            onChange={(v) => {
              setUnread(v);
              setPage(1);
            }}
            aria-label="只看未读"
          />
          只看未读
        </Space>
        <Button size="small" disabled={!d?.unread} onClick={() => markRead.mutate({ all: true })}>
          全部标为已读
        </Button>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k);
          setPage(1);
        }}
        items={notices.NOTICE_TABS.filter((t) => t.key !== 'ops').map((t) => ({
          key: t.key,
          label: t.label,
        }))}
      />
      <QueryState isLoading={query.isLoading} error={query.error}>
        {d && d.list.length === 0 ? (
          <Empty description={unread ? '没有未读消息' : '暂无消息'} />
        ) : (
          <List
            dataSource={d?.list ?? []}
            pagination={
              (d?.total ?? 0) > 10
                ? { current: page, pageSize: 10, total: d?.total, onChange: setPage, showSizeChanger: false }
                : false
            }
            renderItem={(n) => (
              <List.Item
                className={n.read ? 'message-item' : 'message-item unread'}
                data-testid="message-item"
                actions={
                  n.link
                    ? [
                        <a key="go" onClick={() => open(n)}>
                          查看
                        </a>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <a onClick={() => open(n)}>
                      <Tag>{n.kindText}</Tag>
                      {n.title}
                    </a>
                  }
                  description={
                    <>
                      <div className="message-body">{n.body}</div>
                      <small>{noticeWhen(n)}</small>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </QueryState>
    </div>
  );
}
