import type { deals, files } from '@chepai/shared';
import { Alert, Button, Tag } from 'antd';
import { useState } from 'react';
import { useUploadSignedContract } from '../../../api/deal-queries';
import { beijing } from '../../../components/lots/format';
import { FileUpload } from '../../../components/upload';
import { useFeedback } from '../../../components/feedback';
import { mutateThen } from '../../../lib/mutate-then';

const STATUS_COLOR = { pending: 'orange', accepted: 'green', rejected: 'red' } as const;

/**
 * The other way to sign: print the 成交确认书, sign it by hand and upload the scan (PDF or picture);
 * an operator accepts it (the deal counts as signed) or rejects it with a reason.
 */
export function PaperContract({ deal }: { deal: deals.DealView }) {
  const { message } = useFeedback();
  const paper = deal.paperContract;
  const [scan, setScan] = useState<files.UploadedFile[]>([]);
  const submit = useUploadSignedContract(deal.orderId);
  const mayUpload = deal.stage === 'signing' && paper?.status !== 'pending';
  const send = () => {
    const file = scan[0];
    if (!file) return;
    mutateThen(submit, file.id, () => {
      setScan([]);
      void message.success('纸质确认书已提交，等待平台审核');
    });
  };
  return (
    <div className="deal-paper" data-testid="paper-contract">
      <h3>纸质签署</h3>
      {paper && (
        <p>
          已于 {beijing(paper.uploadedAt)} 上传签署件{' '}
          <Tag color={STATUS_COLOR[paper.status]}>{paper.statusText}</Tag>
          {paper.reviewedAt && <span className="muted">审核于 {beijing(paper.reviewedAt)}</span>}
        </p>
      )}
      {paper?.status === 'rejected' && (
        <Alert
          type="error"
          showIcon
          message={`未通过：${paper.reason ?? ''}`}
          description="请按原因修改后重新上传。"
        />
      )}
      {mayUpload && (
        <>
          <p className="muted">
            也可下载确认书打印，手写签名后拍照或扫描上传（PDF 或图片，不超过 10M），平台审核通过即视为已签署。
          </p>
          <FileUpload type="document" isPrivate maxCount={1} value={scan} onChange={setScan} />
          <Button disabled={!scan.length} loading={submit.isPending} onClick={send}>
            提交纸质签署件
          </Button>
        </>
      )}
    </div>
  );
}
