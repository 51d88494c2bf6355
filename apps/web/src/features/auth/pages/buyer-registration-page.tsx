import { accounts } from '@chepai/shared';
import {
  AGREE_MESSAGE,
  companyNameProblem,
  creditCodeFieldProblem,
  idCardNoProblem,
  realNameProblem,
  smsCodeProblem,
  telProblem,
} from '@chepai/shared/domain/account-fields';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChoiceField, Field, FieldMessage, SubmitButton } from '../../../components/plain/field';
import { usePlainForm, usePlainSubmit } from '../../../components/plain/use-plain-form';
import { useAgreementLinks } from '../api/content-links';
import { register, sendRegisterCode } from '../api/auth-api';
import { CodeField } from '../components/code-field';
import { NewPasswordFields, newPasswordRules } from '../components/new-password-fields';
import '../auth.css';

const initial = {
  tel: '',
  code: '',
  password: '',
  confirm: '',
  bidderType: 'personal',
  companyName: '',
  creditCode: '',
  realName: '',
  idCardNo: '',
  agree: false as boolean,
};
type Values = typeof initial;
const company = (v: Values) => v.bidderType === 'company';

/** In the order of the page, so that a failed submit goes to the first field in error. */
const rules = {
  tel: telProblem,
  code: smsCodeProblem,
  ...newPasswordRules,
  companyName: (v: string, all: Values) => (company(all) ? companyNameProblem(v) : null),
  creditCode: (v: string, all: Values) => (company(all) ? creditCodeFieldProblem(v) : null),
  realName: realNameProblem,
  idCardNo: (v: string) => idCardNoProblem(v),
  agree: (v: boolean) => (v ? null : AGREE_MESSAGE),
};

/** The registration as the server's contract takes it (accounts.register: trimmed, the ID in capitals). */
function toInput(v: Values) {
  const person = {
    tel: v.tel.trim(),
    code: v.code.trim(),
    password: v.password,
    realName: v.realName.trim(),
    idCardNo: v.idCardNo.trim().toUpperCase(),
    agree: true as const,
  };
  return company(v)
    ? {
        ...person,
        bidderType: 'company' as const,
        companyName: v.companyName.trim(),
        creditCode: v.creditCode.trim().toUpperCase(),
      }
    : { ...person, bidderType: 'personal' as const };
}

/** 竞买人注册: phone + code, password, real-name data for a personal or company bidder, agreement. */
export default function BuyerRegistrationPage() {
  const navigate = useNavigate();
  const links = useAgreementLinks();
  const form = usePlainForm(initial, rules);
  const [doneTel, setDoneTel] = useState<string | null>(null);
  const isCompany = company(form.values);

  const { busy, onSubmit } = usePlainSubmit(
    () => form.validate(),
    async () => {
      const input = toInput(form.values);
      await register(input);
      setDoneTel(input.tel);
      window.scrollTo(0, 0);
    },
  );

  if (doneTel) {
    return (
      <div className="container">
        <div className="auth-panel plain-result">
          <p className="plain-result-code plain-result-success" aria-hidden="true">
            ✓
          </p>
          <h1 className="plain-result-title">注册成功</h1>
          <p className="muted">您的账号 {doneTel} 已创建，请使用手机号和密码登录后参与竞拍。</p>
          <div className="plain-result-actions">
            <button
              type="button"
              className="btn btn-primary btn-large"
              onClick={() => void navigate(`/login?tel=${doneTel}`)}
            >
              立即登录
            </button>
            <button type="button" className="btn btn-large" onClick={() => void navigate('/home')}>
              返回首页
            </button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="container">
      <div className="auth-panel">
        <h1>竞买人注册</h1>
        <div className="auth-sub">
          根据网络司法拍卖及机动车交易相关规定，参与竞拍须完成实名登记。已有账号？
          <Link to="/login">立即登录</Link>
        </div>
        <form className="plain-form-horizontal" noValidate onSubmit={onSubmit}>
          <h2 className="auth-section">账号信息</h2>
          <Field form={form} name="tel" label="手机号" required>
            {(input) => (
              <input
                {...input}
                className="plain-input"
                placeholder="用于登录和接收竞拍通知"
                maxLength={11}
                inputMode="numeric"
                autoComplete="tel"
              />
            )}
          </Field>
          <CodeField form={form} label="短信验证码" send={sendRegisterCode} />
          <NewPasswordFields
            form={form}
            label="登录密码"
            confirmLabel="确认密码"
            placeholder="请设置登录密码"
            confirmPlaceholder="请再次输入登录密码"
          />
          <h2 className="auth-section">实名信息</h2>
          <ChoiceField
            form={form}
            name="bidderType"
            label="竞买人类型"
            options={Object.entries(accounts.BIDDER_TYPES).map(([value, label]) => ({ value, label }))}
          />
          {isCompany ? (
            <>
              <Field form={form} name="companyName" label="企业名称" required>
                {(input) => (
                  <input {...input} className="plain-input" placeholder="与营业执照一致" maxLength={100} />
                )}
              </Field>
              <Field form={form} name="creditCode" label="统一社会信用代码" required>
                {(input) => (
                  <input {...input} className="plain-input" placeholder="18位，见营业执照" maxLength={18} />
                )}
              </Field>
            </>
          ) : null}
          <Field form={form} name="realName" label={isCompany ? '经办人姓名' : '真实姓名'} required>
            {(input) => (
              <input {...input} className="plain-input" placeholder="与身份证一致" maxLength={40} />
            )}
          </Field>
          <Field
            form={form}
            name="idCardNo"
            label={isCompany ? '经办人身份证号' : '身份证号'}
            required
            hint="仅用于竞买资格实名核验，登记后页面仅显示部分号码"
          >
            {(input) => (
              <input {...input} className="plain-input" placeholder="18位居民身份证号" maxLength={18} />
            )}
          </Field>
          <div className="form-actions auth-agree">
            <label className="plain-check">
              <input
                type="checkbox"
                id={form.id('agree')}
                checked={form.values.agree}
                onChange={(e) => form.set('agree', e.target.checked)}
                aria-invalid={Boolean(form.errors.agree)}
                aria-describedby={form.describedBy('agree')}
              />
              <span>
                我已阅读并同意
                <a href={links.rules} target="_blank" rel="noreferrer">
                  《竞买规则》
                </a>
                和
                <a href={links.privacy} target="_blank" rel="noreferrer">
                  《隐私政策》
                </a>
              </span>
            </label>
            <FieldMessage id={form.id('agree')} error={form.errors.agree} />
          </div>
          <div className="form-actions">
            <SubmitButton busy={busy} className="form-submit">
              同意协议并注册
            </SubmitButton>
          </div>
        </form>
      </div>
    </div>
  );
}
