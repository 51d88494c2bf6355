import { accounts } from '@chepai/shared';
import { Button, Form, Input, Result, Steps, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/password-fields';
import { recallTel, takeTel } from '../../../lib/remembered-tel';
import { zodRule } from '../../../lib/zod-rules';
import { checkCode, findPwd, sendFindPwdCode } from '../api/auth-api';
import { CodeField } from '../components/code-field';
import '../auth.css';

const schema = accounts.findPwdForm;
const verifySchema = schema.pick({ tel: true, code: true });

/** 找回密码: verify the phone with a code, set a new password, done (all sessions end). */
export default function FindPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<{ tel: string; code: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [verifyForm] = Form.useForm();
  const [passwordForm] = Form.useForm();
  const telInput = useRef<InputRef>(null);
  // Typing goes on in the phone field, after what was carried over from the login page (with
  // whatever was typed while this page was loading).
  useEffect(() => {
    const carried = takeTel();
    if (carried && carried !== verifyForm.getFieldValue('tel')) verifyForm.setFieldValue('tel', carried);
    telInput.current?.focus({ cursor: 'end' });
  }, [verifyForm]);

  const verify = async (v: Record<string, string>) => {
    setBusy(true);
    try {
      const parsed = verifySchema.parse(v);
      await checkCode({ purpose: 'findPwd', ...parsed });
      setVerified(parsed);
      setStep(1);
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };
  const reset = async (v: Record<string, string>) => {
    if (!verified) return;
    setBusy(true);
    try {
      await findPwd({ ...verified, password: v.password ?? '' });
      setStep(2);
    } catch {
      /* shown; an expired code sends the user back */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container">
      <div className="auth-panel">
        <h1>找回密码</h1>
        <div className="auth-sub">通过注册手机号接收验证码，重新设置登录密码。</div>
        <Steps
          current={step}
          items={[{ title: '验证手机号' }, { title: '设置新密码' }, { title: '完成' }]}
          style={{ margin: '8px 0 32px' }}
        />
        <div className="auth-narrow">
          {step === 0 ? (
            <Form
              form={verifyForm}
              layout="vertical"
              size="large"
              onFinish={(v: Record<string, string>) => void verify(v)}
              initialValues={{ tel: recallTel() }}
            >
              <Form.Item name="tel" label="手机号" required rules={[zodRule(verifySchema, 'tel')]}>
                <Input
                  placeholder="请输入注册时使用的手机号"
                  maxLength={11}
                  inputMode="numeric"
                  ref={telInput}
                />
              </Form.Item>
              <CodeField
                form={verifyForm}
                label="短信验证码"
                rules={[zodRule(verifySchema, 'code')]}
                send={sendFindPwdCode}
              />
              <Button type="primary" htmlType="submit" block loading={busy}>
                下一步
              </Button>
            </Form>
          ) : null}
          {step === 1 ? (
            <Form
              form={passwordForm}
              layout="vertical"
              size="large"
              onFinish={(v: Record<string, string>) => void reset(v)}
            >
              <NewPasswordFields
                label="新密码"
                confirmLabel="确认新密码"
                placeholder="请设置新密码"
                confirmPlaceholder="请再次输入新密码"
                rules={[zodRule(schema, 'password', (v) => ({ ...verified, ...v }))]}
              />
              <Button type="primary" htmlType="submit" block loading={busy}>
                确认修改
              </Button>
            </Form>
          ) : null}
          {step === 2 ? (
            <Result
              status="success"
              title="密码已重置"
              subTitle="为了账户安全，所有设备上的登录状态均已失效，请使用新密码登录。"
              extra={
                <Button
                  type="primary"
                  onClick={() => void navigate(`/login${verified ? `?tel=${verified.tel}` : ''}`)}
                >
                  去登录
                </Button>
              }
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
