import { Input, Modal, Typography } from 'antd';

/** 分享对比: the link to this comparison, to copy; loaded by the compare page when first opened. */
export default function ShareDialog({ link, onClose }: { link: string; onClose: () => void }) {
  return (
    <Modal title="分享对比" open onCancel={onClose} footer={null}>
      <p>复制下面的链接发给好友，打开即可看到相同的对比车型：</p>
      <Input readOnly value={link} data-testid="share-link" />
      <Typography.Paragraph
        copyable={{ text: link, tooltips: ['复制链接', '已复制'] }}
        style={{ marginTop: 12 }}
      >
        复制链接
      </Typography.Paragraph>
    </Modal>
  );
}
