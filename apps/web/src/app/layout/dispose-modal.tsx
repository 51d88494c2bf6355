import { Modal } from 'antd';
import { DisposeRules } from './dispose-rules';

/** 处置车辆须知: its own chunk, loaded when the visitor first opens it. */
export default function DisposeModal(props: { loggedIn: boolean; onOk: () => void; onCancel: () => void }) {
  return (
    <Modal
      title="处置车辆须知"
      open
      onCancel={props.onCancel}
      onOk={props.onOk}
      okText={props.loggedIn ? '我已了解，去提交' : '处置单位登录'}
      cancelText="取消"
      width={620}
    >
      <DisposeRules />
    </Modal>
  );
}
