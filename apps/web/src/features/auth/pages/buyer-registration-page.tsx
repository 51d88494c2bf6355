import { accounts } from '@chepai/shared';
import { Button, Checkbox, Col, Form, Input, Result, Row } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/password-fields';
import { zodRule } from '../../../lib/zod-rules';
import { useAgreementLinks } from '../api/content-links';
import { register, sendRegisterCode } from '../api/auth-api';
import { CodeField } from '../components/code-field';
import '../auth.css';
import { RadioGroupField } from '../../../components/radio-group-field';

const schema = accounts.registerForm;
const rule = (field: string) => [zodRule(schema, field)];

/** 竞买人注册: phone + code, password, real-name data for a personal or company bidder, agreement. */
export default function BuyerRegistrationPage() {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const links = useAgreementLinks();
  const bidderType = Form.useWatch('bidderType', form) as string | undefined;
  const [busy, setBusy] = useState(false);
  const [doneTel, setDoneTel] = useState<string | null>(null);

  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      const parsed = schema.parse({ ...v, agree: v.agree === true });
      await register(parsed);
      setDoneTel(parsed.tel);
      window.scrollTo(0, 0);
    } catch {
      /* shown by the form or the request layer */
    } finally {
      setBusy(false);
    }
  };

  if (doneTel) {
    return (
      <div className="container">
        <div className="auth-panel">
          <Result
            status="success"
            title="注册成功"
            subTitle={`您的账号 ${doneTel} 已创建，请使用手机号和密码登录后参与竞拍。`}
            extra={[
              <Button type="primary" key="login" onClick={() => void navigate(`/login?tel=${doneTel}`)}>
                立即登录
              </Button>,
              <Button key="home" onClick={() => void navigate('/home')}>
                返回首页
              </Button>,
            ]}
          />
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
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '132px' }}
          wrapperCol={{ flex: 1 }}
          size="large"
          initialValues={{ bidderType: 'personal', agree: false }}
          onFinish={(v: Record<string, unknown>) => void submit(v)}
          scrollToFirstError
        >
          <div className="auth-section">账号信息</div>
          <Row gutter={24}>
            <Col span={24}>
              <Form.Item name="tel" label="手机号" required rules={rule('tel')}>
                <Input placeholder="用于登录和接收竞拍通知" maxLength={11} inputMode="numeric" />
              </Form.Item>
              <CodeField form={form} label="短信验证码" rules={rule('code')} send={sendRegisterCode} />
              <NewPasswordFields
                label="登录密码"
                confirmLabel="确认密码"
                placeholder="请设置登录密码"
                confirmPlaceholder="请再次输入登录密码"
                rules={rule('password')}
              />
            </Col>
          </Row>
          <div className="auth-section">实名信息</div>
          <Form.Item name="bidderType" label="竞买人类型" required>
            <RadioGroupField
              optionType="button"
              buttonStyle="solid"
              options={Object.entries(accounts.BIDDER_TYPES).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          {bidderType === 'company' ? (
            <>
              <Form.Item name="companyName" label="企业名称" required rules={rule('companyName')}>
                <Input placeholder="与营业执照一致" maxLength={100} />
              </Form.Item>
              <Form.Item name="creditCode" label="统一社会信用代码" required rules={rule('creditCode')}>
                <Input placeholder="18位，见营业执照" maxLength={18} />
              </Form.Item>
            </>
          ) : null}
          <Form.Item
            name="realName"
            label={bidderType === 'company' ? '经办人姓名' : '真实姓名'}
            required
            rules={rule('realName')}
          >
            <Input placeholder="与身份证一致" maxLength={40} />
          </Form.Item>
          <Form.Item
            name="idCardNo"
            label={bidderType === 'company' ? '经办人身份证号' : '身份证号'}
            required
            rules={rule('idCardNo')}
            extra="仅用于竞买资格实名核验，登记后页面仅显示部分号码"
          >
            <Input placeholder="18位居民身份证号" maxLength={18} />
          </Form.Item>
          <Form.Item
            name="agree"
            valuePropName="checked"
            wrapperCol={{ offset: 0 }}
            className="form-actions"
            rules={rule('agree')}
          >
            <Checkbox>
              我已阅读并同意
              <a href={links.rules} target="_blank" rel="noreferrer">
                《竞买规则》
              </a>
              和
              <a href={links.privacy} target="_blank" rel="noreferrer">
                《隐私政策》
              </a>
            </Checkbox>
          </Form.Item>
          <Form.Item className="form-actions">
            <Button type="primary" htmlType="submit" loading={busy} className="form-submit">
              同意协议并注册
            </Button>
          </Form.Item>
        </Form>
      </div>
    </div>
  );
}
