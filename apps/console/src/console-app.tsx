import { LogoutOutlined } from '@ant-design/icons';
import { consoleApi } from '@chepai/shared';
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Result, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import {
  canOpen,
  consoleCall,
  consoleSession,
  setUnauthorizedHandler,
  type StoredOperator,
} from './console-api';
import { ConsoleNotices } from './console-notices';
import { CONSOLE_PAGES } from './console-pages';

/** The console's antd theme; without motion when the operator's system asks for less of it, as the mall does. */
const THEME = {
  token: {
    colorPrimary: '#1f5fbf',
    // Links and danger text as dark as the primary: antd's defaults (#1677ff, #ff4d4f) read below
    // the 4.5:1 contrast small text needs on white (axe, e2e/content.e2e.ts).
    colorLink: '#1f5fbf',
    colorError: '#cf1322',
    // Secondary text (an input's 14 / 60 count, descriptions) likewise: #8c8c8c is 3.4:1.
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 4,
    motion: !(
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ),
  },
};

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

/** The signed-in console: a menu of the pages the operator's roles open, each at its own address. */
function ConsoleShell({ operator, onLogout }: { operator: StoredOperator; onLogout: () => void }) {
  const pages = CONSOLE_PAGES.filter((p) => canOpen(operator, p.roles));
  const location = useLocation();
  const navigate = useNavigate();
  const current = pages.find((p) => location.pathname.split('/')[1] === p.path);
  return (
    <Layout className="console-layout">
      <Layout.Sider breakpoint="md" collapsedWidth={0} theme="dark" width={200}>
        <div className="console-brand">车拍 · 运营后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={current ? [current.path] : []}
          items={pages.map((p) => ({ key: p.path, icon: p.icon, label: p.label }))}
          onClick={({ key }) => void navigate(`/${key}`)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <h1>{current?.label ?? '运营后台'}</h1>
          <span className="console-user">
            <ConsoleNotices />
            {operator.name}（
            {operator.roles
              .map((r) => consoleApi.OPERATOR_ROLE_TEXT[r as consoleApi.OperatorRole] ?? r)
              .join('、')}
            ）
            <Button type="link" icon={<LogoutOutlined />} onClick={onLogout}>
              退出
            </Button>
          </span>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Suspense fallback={<Spin className="console-page-loading" />}>
            <Routes>
              {pages.map((p) => (
                <Route key={p.path} path={`/${p.path}/*`} element={p.render(operator)} />
              ))}
              <Route
                path="*"
                element={
                  pages[0] ? (
                    <Navigate to={`/${pages[0].path}`} replace />
                  ) : (
                    <Result status="403" title="暂无可用功能" subTitle="您的运营角色尚未开通任何后台功能。" />
                  )
                }
              />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

export function ConsoleApp() {
  const { operator, setOperator, error, busy } = useSignIn();
  const logout = async () => {
    await consoleCall(consoleApi.logout, {}).catch(() => null);
    consoleSession.clear();
    setOperator(null);
  };
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp>
        {busy ? (
          <Spin fullscreen tip="正在登录…" />
        ) : !operator ? (
          <SignIn error={error} />
        ) : (
          <BrowserRouter basename="/console">
            <ConsoleShell operator={operator} onLogout={() => void logout()} />
          </BrowserRouter>
        )}
      </AntApp>
    </ConfigProvider>
  );
}
