import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import ArrowRightOutlined from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { disposal, files } from '@chepai/shared';
import { useRef } from 'react';
import { useFeedback } from '../../../components/feedback';
import { Icon } from '../../../components/plain/icon';
// Straight from the antd-free modules, not the folder's index (which holds the antd FileUpload).
import { FileInput, UploadProgress } from '../../../components/upload/plain-upload-parts';
import { confirmDelete } from '../../../components/upload/upload-actions';
import { deleteFile } from '../../../components/upload/upload-api';
import { useUploads } from '../../../components/upload/use-uploads';
import { missingAngles, moved, nextAngle, type PhotoItem } from './form-model';

const ANGLES = [...disposal.PHOTO_ANGLES, '正前', '右前45°', '左后45°', '仪表盘', '后备箱', '轮胎', '细节'];

export interface PhotoBoardProps {
  value?: PhotoItem[];
  onChange?: (next: PhotoItem[]) => void;
  /** Files of the order being resubmitted: removing one from the form does not delete it. */
  keepFileIds?: ReadonlySet<string>;
}

/**
 * The photo step (docs/product.md#14-disposal-and-review): 8 to 30 public pictures, each with its
 * angle; the first is the cover; order changed with the arrow buttons (keyboard friendly);
 * deleting asks first.
 */
export function PhotoBoard({ value, onChange, keepFileIds }: PhotoBoardProps) {
  const feedback = useFeedback();
  const photos = value ?? [];
  const latest = useRef(photos);
  latest.current = photos;
  const input = useRef<HTMLInputElement>(null);
  const emit = (next: PhotoItem[]) => {
    latest.current = next;
    onChange?.(next);
  };

  // One at a time, in the order chosen: the list (and the angles given) follow the selection.
  const { pending, choose } = useUploads({
    type: 'image',
    isPrivate: false,
    maxCount: disposal.MAX_PHOTOS,
    listed: () => latest.current.length,
    oneByOne: true,
    onUploaded: (uploaded) => {
      const labels = latest.current.map((p) => p.label);
      emit([...latest.current, { file: uploaded, label: nextAngle(labels) }]);
    },
  });

  const remove = (item: PhotoItem) =>
    confirmDelete(feedback, `${item.label}（${item.file.fileName}）`, async () => {
      if (!keepFileIds?.has(item.file.id)) await deleteFile(item.file.id);
      emit(latest.current.filter((p) => p.file.id !== item.file.id));
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
            <select
              className="plain-select photo-angle"
              aria-label={`第${i + 1}张照片的角度`}
              value={p.label}
              onChange={(e) => relabel(i, e.currentTarget.value)}
            >
              {/* A free label (from a returned order) stays choosable as it is. */}
              {(ANGLES.includes(p.label) ? ANGLES : [p.label, ...ANGLES]).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
            <div className="photo-actions">
              <button
                type="button"
                className="photo-action"
                title="前移"
                aria-label={`第${i + 1}张前移`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <Icon icon={ArrowLeftOutlined} />
              </button>
              <button
                type="button"
                className="photo-action photo-action-cover"
                aria-label={`第${i + 1}张设为封面`}
                disabled={i === 0}
                onClick={() => move(i, 0)}
              >
                设为封面
              </button>
              <button
                type="button"
                className="photo-action"
                title="后移"
                aria-label={`第${i + 1}张后移`}
                disabled={i === photos.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <Icon icon={ArrowRightOutlined} />
              </button>
              <button
                type="button"
                className="photo-action photo-action-delete"
                title="删除"
                aria-label={`删除第${i + 1}张`}
                onClick={() => remove(p)}
              >
                <Icon icon={DeleteOutlined} />
              </button>
            </div>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.uid} className="photo-card pending">
            <div className="photo-thumb">
              <UploadProgress ring percent={p.percent} label={`${p.name}上传进度`} />
            </div>
            <div className="photo-pending-name">{p.name}</div>
          </li>
        ))}
        {!full && (
          <li className="photo-card add">
            <FileInput inputRef={input} accept={files.ACCEPT.image} multiple onFiles={choose} />
            <button
              type="button"
              className="photo-add-button"
              data-testid="photo-add"
              onClick={() => input.current?.click()}
            >
              <Icon icon={PlusOutlined} />
              <span>上传照片</span>
            </button>
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
