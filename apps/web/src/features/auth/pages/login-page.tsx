import { accounts, sellers } from '@chepai/shared';
import { Button, Card, Form, Input, Tabs } from 'antd';
import { carryTyping, rememberTel } from '../../../lib/remembered-tel';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { switchSession } from '../../../lib/session-switch';
import { zodRule } from '../../../lib/zod-rules';
import { login, sendLoginCode } from '../api/auth-api';
import { CodeField } from '../components/code-field';
import { safeRedirect, welcomeText } from '../utils/after-login';
import '../auth.css';
import { useFeedback } from '../../../components/feedback';

const passwordLogin = accounts.loginInput.options[0];
const smsLogin = accounts.loginInput.options[1];

type Mode = 'password' | 'sms';

export default function LoginPage() {
  const [params] = useSearchParams();
  const seller = params.get('type') === '2';
  return (
    <div className="login-page">
      <Link to="/home" className="logo login-logo">
        <span className="logo-mark">拍</span>
        <span className="logo-text">车拍商城</span>
      </Link>
      {seller ? <SellerEntrance /> : <BuyerLogin />}
    </div>
  );
}

function BuyerLogin() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [mode, setMode] = useState<Mode>('password');
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const schema = mode === 'password' ? passwordLogin : smsLogin;

  const submit = async (values: Record<string, string>) => {
    setBusy(true);
    try {
      const { user, firstLogin } = await login(
        mode === 'password'
          ? { loginType: 'password', tel: values.tel ?? '', password: values.password ?? '' }
          : { loginType: 'sms', tel: values.tel ?? '', code: values.code ?? '' },
      );
      void message.success(welcomeText(user.buyerName, firstLogin));
      switchSession(user, safeRedirect(params.get('redirect')), navigate);
    } catch {
      /* the request layer shows the server's message */
    } finally {
      setBusy(false);
    }
  };

  const form_ = (
    <Form
      form={form}
      layout="vertical"
      size="large"
      onFinish={(v: Record<string, string>) => void submit(v)}
      onValuesChange={(changed: Record<string, unknown>) => rememberTel(changed.tel)}
      initialValues={{ tel: params.get('tel') ?? '' }}
      requiredMark={false}
    >
      <Form.Item name="tel" rules={[zodRule(schema, 'tel')]}>
        <Input
          placeholder="请输入手机号"
          maxLength={11}
          inputMode="numeric"
          autoComplete="username"
          aria-label="手机号"
        />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item name="password" rules={[zodRule(schema, 'password')]}>
          <Input.Password
            placeholder="请输入密码"
            maxLength={20}
            autoComplete="current-password"
            aria-label="密码"
          />
        </Form.Item>
      ) : (
        <CodeField form={form} rules={[zodRule(schema, 'code')]} send={sendLoginCode} />
      )}
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
      <div className="login-links">
        <Link to="/findPassword" onClick={carryTyping}>
          忘记密码？
        </Link>
        <Link to="/buyerRegistration">没有账号？免费注册</Link>
      </div>
    </Form>
  );

  return (
    <Card className="login-card" title="竞买人登录">
      <Tabs
        activeKey={mode}
        onChange={(k) => {
          setMode(k as Mode);
          form.resetFields(['password', 'code']);
        }}
        items={[
          { key: 'password', label: '密码登录', children: mode === 'password' ? form_ : null },
          { key: 'sms', label: '验证码登录', children: mode === 'sms' ? form_ : null },
        ]}
      />
      <div className="login-switch">
        处置单位？<Link to="/login?type=2">切换到处置单位登录</Link>
      </div>
    </Card>
  );
}

/** Sellers sign in at their identity provider; the server answers the start with a redirect there. */
function SellerEntrance() {
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    window.location.assign(
      `/api${sellers.loginStart.path}?redirect=${encodeURIComponent(safeRedirect(params.get('redirect')))}`,
    );
  };
  return (
    <Card className="login-card" title="处置单位登录">
      <div className="login-seller">
        <p>处置单位（企业、融资租赁公司、机关单位）使用统一身份认证账号登录，无需在本站注册。</p>
        <Button type="primary" size="large" block loading={busy} onClick={start} data-testid="seller-sso">
          处置单位统一认证登录
        </Button>
        <p className="login-seller-note">登录后如您的账号关联了多个处置单位，请选择本次要代表的单位。</p>
      </div>
      <div className="login-switch">
        竞买人？<Link to="/login">切换到竞买人登录</Link>
      </div>
    </Card>
  );
}
