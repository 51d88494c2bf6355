import { BellOutlined } from '@ant-design/icons';
import type { notices } from '@chepai/shared';
import { Badge, Popover } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLiveNotices, useMarkRead, useNoticeBell } from '../../api/notice-queries';
import { useFeedback } from '../../components/feedback/feedback';

// The dropdown's list is fetched when the bell is first opened.
const NoticePop = lazy(() => import('./notice-pop'));

/** The header's bell: the unread count, kept live by the user channel; the latest five on click. */
export function NoticeBell() {
  const navigate = useNavigate();
  const { notification } = useFeedback();
  const [open, setOpen] = useState(false);
  const { data } = useNoticeBell(true);
  const markRead = useMarkRead();
  const count = data?.count ?? 0;
  const go = (n: notices.Notice) => {
    setOpen(false);
    if (!n.read) markRead.mutate({ ids: [n.id] });
    void navigate(n.link || '/personalCenter/messages');
  };
  useLiveNotices(true, (n) => {
    // The page the notice points to is open (an outbid on the lot being watched): it shows it already.
    if (n.link && n.link === window.location.pathname) return;
    notification.info({
      key: n.id,
      message: n.title,
      description: n.body,
      placement: 'bottomRight',
      duration: 6,
      className: 'notice-toast',
      onClick: () => {
        notification.destroy(n.id);
        go(n);
      },
    });
  });
  return (
    <Popover
      // antd mounts the overlay on the first open: that is when the dropdown's chunk is fetched.
      content={
        <Suspense fallback={<div className="notice-pop" />}>
          <NoticePop
            latest={data?.latest ?? []}
            count={count}
            onOpen={go}
            onReadAll={() => markRead.mutate({ all: true })}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      }
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      arrow={false}
      rootClassName="notice-pop-root"
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
