import { smsCodeProblem, telProblem } from '@chepai/shared/domain/account-fields';
import { useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field, SubmitButton } from '../../../components/plain/field';
import { Steps } from '../../../components/plain/steps';
import { usePlainForm, usePlainSubmit } from '../../../components/plain/use-plain-form';
import { recallTel, takeTel } from '../../../lib/remembered-tel';
import { checkCode, findPwd, sendFindPwdCode } from '../api/auth-api';
import { CodeField } from '../components/code-field';
import { NewPasswordFields, useNewPasswordForm } from '../components/new-password-fields';
import '../auth.css';

/** 找回密码: verify the phone with a code, set a new password, done (all sessions end). */
export default function FindPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<{ tel: string; code: string } | null>(null);
  return (
    <div className="container">
      <div className="auth-panel">
        <h1>找回密码</h1>
        <div className="auth-sub">通过注册手机号接收验证码，重新设置登录密码。</div>
        <Steps items={['验证手机号', '设置新密码', '完成']} current={step} />
        <div className="auth-narrow">
          {step === 0 ? (
            <VerifyStep
              onVerified={(v) => {
                setVerified(v);
                setStep(1);
              }}
            />
          ) : null}
          {step === 1 && verified ? <PasswordStep verified={verified} onDone={() => setStep(2)} /> : null}
          {step === 2 ? (
            <div className="plain-result">
              <p className="plain-result-code plain-result-success" aria-hidden="true">
                ✓
              </p>
              <h2 className="plain-result-title">密码已重置</h2>
              <p className="muted">为了账户安全，所有设备上的登录状态均已失效，请使用新密码登录。</p>
              <button
                type="button"
                className="btn btn-primary btn-large"
                onClick={() => void navigate(`/login${verified ? `?tel=${verified.tel}` : ''}`)}
              >
                去登录
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function VerifyStep({ onVerified }: { onVerified: (v: { tel: string; code: string }) => void }) {
  const form = usePlainForm({ tel: recallTel(), code: '' }, { tel: telProblem, code: smsCodeProblem });
  const { set, id } = form;
  // Typing goes on in the phone field, after what was carried over from the login page (with
  // whatever was typed while this page was loading). A layout effect: the page's first paint already
  // has the focus there, so no keystroke falls between the carrying and the field.
  useLayoutEffect(() => {
    const carried = takeTel();
    const input = document.getElementById(id('tel')) as HTMLInputElement | null;
    if (!input) return;
    if (carried && carried !== input.value) set('tel', carried);
    input.focus();
    const end = (carried || input.value).length;
    input.setSelectionRange(end, end);
  }, [id, set]);

  const { busy, onSubmit } = usePlainSubmit(
    () => form.validate(),
    async () => {
      const v = { tel: form.values.tel.trim(), code: form.values.code.trim() };
      await checkCode({ purpose: 'findPwd', ...v });
      onVerified(v);
    },
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Field form={form} name="tel" label="手机号" required>
        {(input) => (
          <input
            {...input}
            className="plain-input"
            placeholder="请输入注册时使用的手机号"
            maxLength={11}
            inputMode="numeric"
            autoComplete="username"
          />
        )}
      </Field>
      <CodeField form={form} label="短信验证码" send={sendFindPwdCode} />
      <SubmitButton busy={busy} className="btn-block">
        下一步
      </SubmitButton>
    </form>
  );
}

function PasswordStep({ verified, onDone }: { verified: { tel: string; code: string }; onDone: () => void }) {
  const form = useNewPasswordForm();
  // A failure is shown; an expired code sends the user back.
  const { busy, onSubmit } = usePlainSubmit(
    () => form.validate(),
    async () => {
      await findPwd({ ...verified, password: form.values.password });
      onDone();
    },
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <NewPasswordFields
        form={form}
        label="新密码"
        confirmLabel="确认新密码"
        placeholder="请设置新密码"
        confirmPlaceholder="请再次输入新密码"
      />
      <SubmitButton busy={busy} className="btn-block">
        确认修改
      </SubmitButton>
    </form>
  );
}
