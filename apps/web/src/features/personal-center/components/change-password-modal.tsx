import { accounts } from '@chepai/shared';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/password-fields';
import { switchSession } from '../../../lib/session-switch';
import { zodRule } from '../../../lib/zod-rules';
import { useProfileActions } from '../api/profile-api';
import { useFeedback } from '../../../components/feedback';

const schema = accounts.updatePwdForm;

/** Change password; every session ends, so the user signs in again with the new one. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const { updatePassword } = useProfileActions();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = (await form.validateFields()) as { oldPassword: string; password: string };
    setBusy(true);
    try {
      await updatePassword(v.oldPassword, v.password);
      onClose();
      modal.success({
        title: '密码修改成功',
        content: '为了账户安全，所有设备上的登录状态均已失效，请使用新密码重新登录。',
        okText: '重新登录',
        onOk: () => switchSession(null, '/login?redirect=%2FpersonalCenter%2FsecuritySettings', navigate),
      });
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="修改登录密码"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText="确认修改"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="oldPassword" label="原密码" required rules={[zodRule(schema, 'oldPassword')]}>
          <Input.Password placeholder="请输入原密码" maxLength={20} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          label="新密码"
          confirmLabel="确认新密码"
          placeholder="请输入新密码"
          confirmPlaceholder="请再次输入新密码"
          rules={[zodRule(schema, 'password')]}
        />
      </Form>
    </Modal>
  );
}
