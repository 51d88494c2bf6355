import { notices } from '@chepai/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMarkRead, useNoticePage } from '../../../api/notice-queries';
import { noticeWhen } from '../../../components/notice-when';
import { Empty } from '../../../components/plain/empty';
import { Pager } from '../../../components/plain/pager';
import { Switch } from '../../../components/plain/switch';
import { Tabs } from '../../../components/plain/tabs';
import { QueryState } from '../../../components/query-state';
import '../personal-center.css';

type TabKey = (typeof notices.NOTICE_TABS)[number]['key'];
const TABS = notices.NOTICE_TABS.filter((t) => t.key !== 'ops');

/**
 * 站内信: every notice of the account by kind, unread first to the eye, each leading to its page.
 * Plain elements, no antd. A notice with a page is a link there (opening it marks it read); one
 * without is a button that marks it read.
 */
export default function MessagesPage() {
  const [tab, setTab] = useState<TabKey>('all');
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const query = useNoticePage(page, tab, unread);
  const markRead = useMarkRead();
  const d = query.data;
  const read = (n: notices.Notice) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
  };
  return (
    <div className="center-body messages-page">
      <div className="center-title">
        站内信 {d?.unread ? <span className="tag tag-red">{d.unread} 条未读</span> : null}
      </div>
      <div className="messages-tools">
        <label className="messages-unread">
          <Switch
            checked={unread}
            onChange={(v) => {
              setUnread(v);
              setPage(1);
            }}
            label="只看未读"
          />
          <span aria-hidden="true">只看未读</span>
        </label>
        <button
          type="button"
          className="btn btn-small"
          disabled={!d?.unread}
          onClick={() => markRead.mutate({ all: true })}
        >
          全部标为已读
        </button>
      </div>
      <Tabs
        label="消息分类"
        className="messages-tabs"
        items={TABS}
        active={tab}
        onChange={(k) => {
          setTab(k);
          setPage(1);
        }}
      >
        <QueryState isLoading={query.isLoading} error={query.error}>
          {d && d.list.length === 0 ? (
            <Empty description={unread ? '没有未读消息' : '暂无消息'} />
          ) : (
            <>
              <ul className="message-list">
                {(d?.list ?? []).map((n) => {
                  const title = (
                    <>
                      <span className="tag tag-plain">{n.kindText}</span>
                      {n.title}
                    </>
                  );
                  return (
                    <li
                      key={n.id}
                      className={n.read ? 'message-item' : 'message-item unread'}
                      data-testid="message-item"
                    >
                      <div className="message-main">
                        {n.link ? (
                          <Link className="message-title" to={n.link} onClick={() => read(n)}>
                            {title}
                          </Link>
                        ) : (
                          <button type="button" className="message-title" onClick={() => read(n)}>
                            {title}
                          </button>
                        )}
                        <div className="message-body">{n.body}</div>
                        <small className="muted">{noticeWhen(n)}</small>
                      </div>
                      {n.link ? (
                        <Link className="message-go" to={n.link} onClick={() => read(n)}>
                          查看
                        </Link>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <Pager current={page} pageSize={10} total={d?.total ?? 0} onChange={setPage} hideOnSinglePage />
            </>
          )}
        </QueryState>
      </Tabs>
    </div>
  );
}
