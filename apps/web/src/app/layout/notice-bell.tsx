import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMarkRead, useNoticeBell } from '../../api/notice-queries';
import { beijing } from '../../components/lots/format';

/** The header's bell: unread notices, the latest five, a way to the message centre. */
export function NoticeBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data } = useNoticeBell(true);
  const markRead = useMarkRead();
  const count = data?.count ?? 0;
  const go = (id: string, link: string, read: boolean) => {
    setOpen(false);
    if (!read) markRead.mutate({ ids: [id] });
    void navigate(link || '/personalCenter/messages');
  };
  const content = (
    <div className="notice-pop" data-testid="notice-pop">
      {data?.latest.length ? (
        <ul>
          {data.latest.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={n.read ? '' : 'unread'}
                onClick={() => go(n.id, n.link, n.read)}
              >
                <b>{n.title}</b>
                <span>{n.body}</span>
                <small>{beijing(n.createdAt)}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      )}
      <div className="notice-pop-foot">
        <Button size="small" type="link" disabled={!count} onClick={() => markRead.mutate({ all: true })}>
          全部标为已读
        </Button>
        <Link to="/personalCenter/messages" onClick={() => setOpen(false)}>
          查看全部消息
        </Link>
      </div>
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      arrow={false}
    >
      <button
        type="button"
        className="notice-bell"
        aria-label={count ? `站内信，${count}条未读` : '站内信'}
        data-testid="notice-bell"
      >
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </button>
    </Popover>
  );
}
