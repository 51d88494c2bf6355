import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import { sessions } from '@chepai/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/api';
import { useFeedback } from './feedback';
import { Empty } from './plain/empty';
import { Icon } from './plain/icon';
import { Skeleton } from './plain/skeleton';
import './active-sessions.css';

const key = ['user', 'sessions'] as const;
const MOBILE = /iOS|Android|HarmonyOS/;

/**
 * 登录设备: the user's live sessions; each but the current one can be signed out, after a
 * confirmation. Plain (docs/decisions/056-account-pages-without-antd.md): the confirmation is the
 * feedback layer's dialog, which brings antd only when it opens.
 */
export function ActiveSessions() {
  const qc = useQueryClient();
  const { message, modal } = useFeedback();
  const query = useQuery({ queryKey: key, queryFn: () => callApi(sessions.list, {}) });
  const revoke = async (sessionId: string) => {
    try {
      await callApi(sessions.revoke, { sessionId });
      void message.success('已退出该设备');
      await qc.invalidateQueries({ queryKey: key });
    } catch {
      /* the request layer has said why */
    }
  };
  const confirm = (sessionId: string) =>
    modal.confirm({
      title: '退出该设备？',
      content: '该设备需要重新登录才能继续使用。',
      okText: '退出',
      cancelText: '取消',
      onOk: () => revoke(sessionId),
    });
  if (query.isLoading) return <Skeleton rows={3} />;
  if (!query.data?.length) return <Empty description="暂无登录设备" />;
  return (
    <ul className="active-sessions" data-testid="active-sessions">
      {query.data.map((s) => (
        <li key={s.sessionId} className="active-session">
          <Icon icon={s.device && MOBILE.test(s.device) ? MobileOutlined : DesktopOutlined} />
          <div className="active-session-main">
            <div className="active-session-device" data-testid="session-device">
              {s.device ?? '未知设备'}
              {s.businessUnitName ? ` · ${s.businessUnitName}` : ''}
            </div>
            {/* Each fact stays on one line; on a phone they wrap between facts, not inside a date. */}
            <div className="active-session-facts">
              <span>登录于 {s.createdAt}</span>
              <span>最近活动 {s.lastSeenAt}</span>
              {s.clientIp ? <span>IP {s.clientIp}</span> : null}
            </div>
          </div>
          {s.current ? (
            <span className="tag tag-green">当前设备</span>
          ) : (
            <button type="button" className="btn btn-small" onClick={() => confirm(s.sessionId)}>
              退出该设备
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
