import type { notices } from '@chepai/shared';
import { Button, Empty } from 'antd';
import { Link } from 'react-router';
import { noticeWhen } from '../../components/notice-when';

/** The bell's dropdown: the latest five, mark all read, the way to the message centre (its own chunk). */
export default function NoticePop({
  latest,
  count,
  onOpen,
  onReadAll,
  onClose,
}: {
  latest: notices.Notice[];
  count: number;
  onOpen: (n: notices.Notice) => void;
  onReadAll: () => void;
  onClose: () => void;
}) {
  return (
    <div className="notice-pop" data-testid="notice-pop">
      {latest.length ? (
        <ul>
          {latest.map((n) => (
            <li key={n.id}>
              <button type="button" className={n.read ? '' : 'unread'} onClick={() => onOpen(n)}>
                <b>{n.title}</b>
                <span>{n.body}</span>
                <small>{noticeWhen(n)}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      )}
      <div className="notice-pop-foot">
        <Button size="small" type="link" disabled={!count} onClick={onReadAll}>
          全部标为已读
        </Button>
        <Link to="/personalCenter/messages" onClick={onClose}>
          查看全部消息
        </Link>
      </div>
    </div>
  );
}
