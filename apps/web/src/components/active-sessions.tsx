import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { sessions } from '@chepai/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Popconfirm, Skeleton, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { callApi } from '../lib/api';
import { useFeedback } from './feedback';

const key = ['user', 'sessions'] as const;
const MOBILE = /iOS|Android|HarmonyOS/;
const FACTS: CSSProperties = { display: 'flex', flexWrap: 'wrap', columnGap: 12 };
const FACT: CSSProperties = { whiteSpace: 'nowrap' };

/** 登录设备: the user's live sessions, each but the current one can be signed out. */
export function ActiveSessions() {
  const qc = useQueryClient();
  const { message } = useFeedback();
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
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!query.data?.length) return <Empty description="暂无登录设备" />;
  return (
    <List
      className="active-sessions"
      data-testid="active-sessions"
      dataSource={query.data}
      renderItem={(s) => (
        <List.Item
          actions={[
            s.current ? (
              <Tag color="success" key="current">
                当前设备
              </Tag>
            ) : (
              <Popconfirm
                key="revoke"
                title="退出该设备？"
                description="该设备需要重新登录才能继续使用。"
                okText="退出"
                cancelText="取消"
                onConfirm={() => revoke(s.sessionId)}
              >
                <Button size="small">退出该设备</Button>
              </Popconfirm>
            ),
          ]}
        >
          <List.Item.Meta
            avatar={
              s.device && MOBILE.test(s.device) ? (
                <MobileOutlined style={{ fontSize: 22, color: 'var(--brand)' }} />
              ) : (
                <DesktopOutlined style={{ fontSize: 22, color: 'var(--brand)' }} />
              )
            }
            title={
              <span data-testid="session-device">
                {s.device ?? '未知设备'}
                {s.businessUnitName ? ` · ${s.businessUnitName}` : ''}
              </span>
            }
            description={
              // Each fact stays on one line; on a phone they wrap between facts, not inside a date.
              <span style={FACTS}>
                <span style={FACT}>登录于 {s.createdAt}</span>
                <span style={FACT}>最近活动 {s.lastSeenAt}</span>
                {s.clientIp ? <span style={FACT}>IP {s.clientIp}</span> : null}
              </span>
            }
          />
        </List.Item>
      )}
    />
  );
}
