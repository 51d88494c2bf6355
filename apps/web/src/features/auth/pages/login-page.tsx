import { sellers } from '@chepai/shared';
import { enteredPasswordProblem, smsCodeProblem, telProblem } from '@chepai/shared/domain/account-fields';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../components/feedback';
import { Field, PasswordInput, SubmitButton } from '../../../components/plain/field';
import { Tabs } from '../../../components/plain/tabs';
import { usePlainForm, usePlainSubmit } from '../../../components/plain/use-plain-form';
import { carryTyping, rememberTel } from '../../../lib/remembered-tel';
import { switchSession } from '../../../lib/session-switch';
import { login, sendLoginCode } from '../api/auth-api';
import { CodeField } from '../components/code-field';
import { safeRedirect, welcomeText } from '../utils/after-login';
import '../auth.css';

type Role = 'buyer' | 'seller';
type Mode = 'password' | 'sms';

// Plain elements, no antd or zod (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md).
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const role: Role = params.get('type') === '2' ? 'seller' : 'buyer';
  // `?type=2` is the seller entrance (docs/product.md#3-routes); the other parameters stay.
  const choose = (next: Role) => {
    const search = new URLSearchParams(params);
    if (next === 'seller') search.set('type', '2');
    else search.delete('type');
    const query = search.toString();
    void navigate({ search: query ? `?${query}` : '' }, { replace: true });
  };
  return (
    <div className="login-page">
      <Link to="/home" className="logo login-logo">
        <span className="logo-mark">拍</span>
        <span className="logo-text">车拍商城</span>
      </Link>
      <main className="login-card">
        <h1 className="sr-only">登录车拍商城</h1>
        <Tabs
          label="账号类型"
          className="login-role-tabs"
          items={[
            { key: 'buyer', label: '竞买人登录' },
            { key: 'seller', label: '处置单位登录' },
          ]}
          active={role}
          onChange={choose}
        >
          {role === 'seller' ? <SellerEntrance /> : <BuyerLogin />}
        </Tabs>
      </main>
    </div>
  );
}

function BuyerLogin() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [mode, setMode] = useState<Mode>('password');
  const form = usePlainForm(
    { tel: params.get('tel') ?? '', password: '', code: '' },
    {
      tel: telProblem,
      password: (v) => (mode === 'password' ? enteredPasswordProblem(v) : null),
      code: (v) => (mode === 'sms' ? smsCodeProblem(v) : null),
    },
  );

  const { busy, onSubmit } = usePlainSubmit(
    () => form.validate(mode === 'password' ? ['tel', 'password'] : ['tel', 'code']),
    async () => {
      const tel = form.values.tel.trim();
      const { user, firstLogin } = await login(
        mode === 'password'
          ? { loginType: 'password', tel, password: form.values.password }
          : { loginType: 'sms', tel, code: form.values.code.trim() },
      );
      void message.success(welcomeText(user.buyerName, firstLogin));
      switchSession(user, safeRedirect(params.get('redirect')), navigate);
    },
  );

  return (
    <Tabs
      label="登录方式"
      items={[
        { key: 'password', label: '密码登录' },
        { key: 'sms', label: '验证码登录' },
      ]}
      active={mode}
      onChange={(next) => {
        setMode(next);
        form.reset({ password: '', code: '' });
      }}
    >
      <form noValidate onSubmit={onSubmit}>
        <Field form={form} name="tel" label="手机号" hideLabel>
          {(input) => (
            <input
              {...input}
              onChange={(e) => {
                input.onChange(e);
                rememberTel(e.target.value);
              }}
              className="plain-input"
              placeholder="请输入手机号"
              maxLength={11}
              inputMode="numeric"
              autoComplete="username"
            />
          )}
        </Field>
        {mode === 'password' ? (
          <Field form={form} name="password" label="密码" hideLabel>
            {(input) => (
              <PasswordInput
                {...input}
                placeholder="请输入密码"
                maxLength={20}
                autoComplete="current-password"
              />
            )}
          </Field>
        ) : (
          <CodeField form={form} label="验证码" hideLabel send={sendLoginCode} />
        )}
        <SubmitButton busy={busy} className="btn-block">
          登 录
        </SubmitButton>
        <div className="login-links">
          <Link to="/findPassword" onClick={carryTyping}>
            忘记密码？
          </Link>
          <Link to="/buyerRegistration">没有账号？免费注册</Link>
        </div>
      </form>
    </Tabs>
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
    <div className="login-seller">
      <p>处置单位（企业、融资租赁公司、机关单位）使用统一身份认证账号登录，无需在本站注册。</p>
      <button
        type="button"
        className="btn btn-primary btn-large btn-block"
        disabled={busy}
        aria-busy={busy}
        onClick={start}
        data-testid="seller-sso"
      >
        处置单位统一认证登录
      </button>
      <p className="login-seller-note">登录后如您的账号关联了多个处置单位，请选择本次要代表的单位。</p>
    </div>
  );
}
