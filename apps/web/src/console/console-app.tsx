import {
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  ScheduleOutlined,
  FileSearchOutlined,
  LogoutOutlined,
  MonitorOutlined,
} from '@ant-design/icons';
import { consoleApi } from '@chepai/shared';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Result, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';
import { consoleCall, consoleSession, setUnauthorizedHandler, type StoredOperator } from './console-api';
import { AuditPage } from './pages/audit-page';
import { CalendarPage } from './pages/calendar-page';
import { TemplatesPage } from './pages/templates-page';
import { MonitorPage } from './pages/monitor-page';
import { ReviewPage } from './pages/review-page';
import { UnitsPage } from './pages/units-page';

type PageKey = 'review' | 'monitor' | 'calendar' | 'templates' | 'units' | 'audit';
const PAGES: Array<{ key: PageKey; label: string; icon: React.ReactNode; roles: string[] }> = [
  { key: 'review', label: '审核队列', icon: <FileSearchOutlined />, roles: ['reviewer', 'scheduler'] },
  {
    key: 'monitor',
    label: '拍品监控',
    icon: <MonitorOutlined />,
    roles: ['reviewer', 'scheduler', 'finance'],
  },
  {
    key: 'calendar',
    label: '场次日历',
    icon: <CalendarOutlined />,
    roles: ['reviewer', 'scheduler', 'finance'],
  },
  { key: 'templates', label: '场次模板', icon: <ScheduleOutlined />, roles: ['reviewer', 'scheduler'] },
  { key: 'units', label: '处置单位', icon: <BankOutlined />, roles: ['finance', 'reviewer'] },
  { key: 'audit', label: '审计日志', icon: <AuditOutlined />, roles: ['reviewer', 'scheduler', 'finance'] },
];
const allowed = (op: StoredOperator, roles: string[]) =>
  op.roles.includes('admin') || op.roles.some((r) => roles.includes(r));

/** Back from the issuer with ?code&state: finish the sign-in, then clean the address. */
function useSignIn() {
  const [operator, setOperator] = useState(consoleSession.operator);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(() => new URLSearchParams(location.search).has('code'));
  useEffect(() => {
    setUnauthorizedHandler(() => setOperator(null));
    const q = new URLSearchParams(location.search);
    const code = q.get('code');
    const state = q.get('state');
    if (!code || !state) return;
    history.replaceState(null, '', '/console/');
    consoleCall(consoleApi.loginCallback, { code, state, iss: q.get('iss') ?? undefined })
      .then((r) => {
        consoleSession.save(r.token, r.operator);
        setOperator(r.operator);
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  }, []);
  return { operator, setOperator, error, busy };
}

function SignIn({ error }: { error: string | null }) {
  return (
    <div className="console-signin">
      <Result
        status={error ? 'warning' : 'info'}
        title="车拍商城 · 运营后台"
        subTitle={error ?? '平台运营人员请使用统一认证账号登录。'}
        extra={
          <Button type="primary" size="large" href="/api/console/login/start?redirect=/console/">
            统一认证登录
          </Button>
        }
      />
    </div>
  );
}

export function ConsoleApp() {
  const { operator, setOperator, error, busy } = useSignIn();
  const [page, setPage] = useState<PageKey>('review');
  const menu = operator ? PAGES.filter((p) => allowed(operator, p.roles)) : [];
  const current = menu.find((p) => p.key === page) ?? menu[0];
  const logout = async () => {
    await consoleCall(consoleApi.logout, {}).catch(() => null);
    consoleSession.clear();
    setOperator(null);
  };
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1f5fbf', borderRadius: 4 } }}>
      <AntApp>
        {busy ? (
          <Spin fullscreen tip="正在登录…" />
        ) : !operator ? (
          <SignIn error={error} />
        ) : (
          <Layout className="console-layout">
            <Layout.Sider breakpoint="md" collapsedWidth={0} theme="dark" width={200}>
              <div className="console-brand">车拍 · 运营后台</div>
              <Menu
                theme="dark"
                mode="inline"
                selectedKeys={current ? [current.key] : []}
                items={menu.map((p) => ({ key: p.key, icon: p.icon, label: p.label }))}
                onClick={({ key }) => setPage(key as PageKey)}
              />
            </Layout.Sider>
            <Layout>
              <Layout.Header className="console-header">
                <h1>{current?.label ?? '运营后台'}</h1>
                <span className="console-user">
                  {operator.name}（
                  {operator.roles
                    .map((r) => consoleApi.OPERATOR_ROLE_TEXT[r as consoleApi.OperatorRole] ?? r)
                    .join('、')}
                  ）
                  <Button type="link" icon={<LogoutOutlined />} onClick={() => void logout()}>
                    退出
                  </Button>
                </span>
              </Layout.Header>
              <Layout.Content className="console-content">
                {current?.key === 'review' && <ReviewPage operator={operator} />}
                {current?.key === 'monitor' && <MonitorPage operator={operator} />}
                {current?.key === 'calendar' && <CalendarPage />}
                {current?.key === 'templates' && <TemplatesPage operator={operator} />}
                {current?.key === 'units' && <UnitsPage operator={operator} />}
                {current?.key === 'audit' && <AuditPage />}
                {!current && (
                  <Result status="403" title="暂无可用功能" subTitle="您的运营角色尚未开通任何后台功能。" />
                )}
              </Layout.Content>
            </Layout>
          </Layout>
        )}
      </AntApp>
    </ConfigProvider>
  );
}

export const canDo = allowed;
