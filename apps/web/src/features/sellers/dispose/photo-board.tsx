import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { disposal, files } from '@chepai/shared';
import { Button, Progress, Tooltip, Upload } from 'antd';
import { FormSelect } from '../../../components/form-select';
import type { UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { deleteConfirm, deleteFile, uploadFile, uploadGate, useReportBusy } from '../../../components/upload';
import { missingAngles, moved, nextAngle, type PhotoItem } from './form-model';
import { useFeedback } from '../../../components/feedback';

const ANGLE_OPTIONS = [
  ...disposal.PHOTO_ANGLES,
  '正前',
  '右前45°',
  '左后45°',
  '仪表盘',
  '后备箱',
  '轮胎',
  '细节',
].map((a) => ({ value: a, label: a }));

export interface PhotoBoardProps {
  value?: PhotoItem[];
  onChange?: (next: PhotoItem[]) => void;
  /** Files of the order being resubmitted: removing one from the form does not delete it. */
  keepFileIds?: ReadonlySet<string>;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

/**
 * The photo step (docs/product.md#14-disposal-and-review): 8 to 30 public pictures, each with its
 * angle; the first is the cover; order changed with the arrow buttons (keyboard friendly);
 * deleting asks first.
 */
export function PhotoBoard({ value, onChange, keepFileIds }: PhotoBoardProps) {
  const { message, modal } = useFeedback();
  const photos = value ?? [];
  const latest = useRef(photos);
  latest.current = photos;
  const [pending, setPending] = useState<Pending[]>([]);
  useReportBusy(pending.length > 0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const emit = (next: PhotoItem[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const beforeUpload = uploadGate(
    () => latest.current.length + pending.length,
    disposal.MAX_PHOTOS,
    'image',
    message,
  );

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const f = file as File & { uid: string };
    setPending((p) => [...p, { uid: f.uid, name: f.name, percent: 0 }]);
    const drop = () => setPending((p) => p.filter((x) => x.uid !== f.uid));
    // One at a time, in the order chosen: the list (and the angles given) follow the selection.
    queue.current = queue.current.then(() => send(f, drop).catch(() => undefined));
  };

  const send = (f: File & { uid: string }, drop: () => void) =>
    uploadFile(f, {
      type: 'image',
      isPrivate: false,
      onProgress: (percent) => setPending((p) => p.map((x) => (x.uid === f.uid ? { ...x, percent } : x))),
    }).then(
      (uploaded) => {
        drop();
        const labels = latest.current.map((p) => p.label);
        emit([...latest.current, { file: uploaded, label: nextAngle(labels) }]);
      },
      (e: unknown) => {
        drop();
        const reason = e instanceof Error && e.message ? `：${e.message}` : '';
        void message.error(`${files.UPLOAD_MESSAGES.failed}${reason}`);
      },
    );

  const remove = (item: PhotoItem) =>
    modal.confirm({
      ...deleteConfirm(`${item.label}（${item.file.fileName}）`),
      onOk: async () => {
        try {
          if (!keepFileIds?.has(item.file.id)) await deleteFile(item.file.id);
          emit(latest.current.filter((p) => p.file.id !== item.file.id));
          void message.success('删除成功');
        } catch {
          /* the request layer has said why */
        }
      },
    });

  const move = (from: number, to: number) => emit(moved(latest.current, from, to));
  const relabel = (index: number, label: string) =>
    emit(latest.current.map((p, i) => (i === index ? { ...p, label } : p)));

  const missing = missingAngles(photos);
  const full = photos.length + pending.length >= disposal.MAX_PHOTOS;
  return (
    <div className="photo-board">
      <div className="photo-board-status" data-testid="photo-count">
        已上传 <b>{photos.length}</b> / {disposal.MAX_PHOTOS} 张
        {photos.length < disposal.MIN_PHOTOS
          ? `，还需至少 ${disposal.MIN_PHOTOS - photos.length} 张`
          : '，数量已满足要求'}
        {missing.length > 0 && <span className="muted">；建议补拍：{missing.join('、')}</span>}
      </div>
      <ol className="photo-grid" aria-label="车辆照片，第一张为封面">
        {photos.map((p, i) => (
          <li key={p.file.id} className="photo-card" data-testid="photo-card">
            <div className="photo-thumb">
              <img
                src={p.file.thumbnailUrl || p.file.fileUrl}
                alt={`${p.label}（第${i + 1}张）`}
                title={p.file.fileName}
              />
              {i === 0 && <span className="photo-cover-badge">封面</span>}
            </div>
            <FormSelect
              size="small"
              className="photo-angle"
              aria-label={`第${i + 1}张照片的角度`}
              value={p.label}
              options={ANGLE_OPTIONS}
              onChange={(label) => relabel(i, label)}
            />
            <div className="photo-actions">
              <Tooltip title="前移">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  aria-label={`第${i + 1}张前移`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                />
              </Tooltip>
              <Button
                size="small"
                type="link"
                disabled={i === 0}
                onClick={() => move(i, 0)}
                aria-label={`第${i + 1}张设为封面`}
              >
                设为封面
              </Button>
              <Tooltip title="后移">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowRightOutlined />}
                  aria-label={`第${i + 1}张后移`}
                  disabled={i === photos.length - 1}
                  onClick={() => move(i, i + 1)}
                />
              </Tooltip>
              <Tooltip title="删除">
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除第${i + 1}张`}
                  onClick={() => remove(p)}
                />
              </Tooltip>
            </div>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.uid} className="photo-card pending">
            <div className="photo-thumb">
              <Progress type="circle" size={56} percent={p.percent} />
            </div>
            <div className="photo-pending-name">{p.name}</div>
          </li>
        ))}
        {!full && (
          <li className="photo-card add">
            <Upload
              accept={files.ACCEPT.image}
              multiple
              showUploadList={false}
              beforeUpload={beforeUpload}
              customRequest={customRequest}
            >
              <button type="button" className="photo-add-button" data-testid="photo-add">
                <PlusOutlined />
                <span>上传照片</span>
              </button>
            </Upload>
          </li>
        )}
      </ol>
      <div className="file-upload-hint">
        支持 JPG、PNG、WebP 图片，单张不超过{files.UPLOAD_MAX_MB}M，{disposal.MIN_PHOTOS}–
        {disposal.MAX_PHOTOS}
        张；第一张为封面，可用箭头调整顺序。
      </div>
    </div>
  );
}
