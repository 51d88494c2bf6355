import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import FileOutlined from '@ant-design/icons-svg/es/asn/FileOutlined';
import PaperClipOutlined from '@ant-design/icons-svg/es/asn/PaperClipOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { files } from '@chepai/shared';
import { useRef, useState } from 'react';
import { useFeedback } from '../feedback';
import { Icon } from '../plain/icon';
import type { FileUploadProps } from './file-upload';
import { FileInput, ImagePreview, UploadProgress } from './plain-upload-parts';
import { confirmDelete, openUploaded, useFieldFiles, useSignedThumbs } from './upload-actions';
import { deleteFile } from './upload-api';
import { useUploads } from './use-uploads';
import './upload.css';

export interface PlainFileUploadProps extends FileUploadProps {
  /** Given to the upload button, so a `<label htmlFor>` outside names it. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** Files of an order being resubmitted: removing one from the form does not delete it. */
  keepFileIds?: ReadonlySet<string>;
}

/**
 * FileUpload (the antd field) without antd, for pages that load none: the same checks before
 * sending (upload-select.ts), the same toasts, the confirmation before deleting and the previews
 * through signed addresses. Documents are listed as rows, pictures as cards.
 */
export function PlainFileUpload({
  value,
  onChange,
  type,
  isPrivate = true,
  maxCount = 1,
  action,
  disabled,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  keepFileIds,
}: PlainFileUploadProps) {
  const feedback = useFeedback();
  const { listed, latest, emit } = useFieldFiles(value, onChange);
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ src: string; alt: string } | null>(null);
  const picture = type === 'image';
  const thumbs = useSignedThumbs(listed, picture);

  const { pending, choose } = useUploads({
    type,
    isPrivate,
    action,
    maxCount,
    listed: () => latest.current.length,
    onUploaded: (uploaded) => {
      emit([...latest.current, uploaded]);
      void feedback.message.success('上传成功');
    },
  });

  const remove = (f: files.UploadedFile) =>
    confirmDelete(feedback, f.fileName, async () => {
      if (!keepFileIds?.has(f.id)) await deleteFile(f.id);
      emit(latest.current.filter((x) => x.id !== f.id));
    });
  const open = (f: files.UploadedFile) => void openUploaded(f, (src) => setPreview({ src, alt: f.fileName }));

  const full = listed.length + pending.length >= maxCount;
  const canAdd = !full && !disabled;
  const buttonProps = {
    type: 'button' as const,
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    onClick: () => input.current?.click(),
  };
  const deleteButton = (f: files.UploadedFile, className: string) =>
    disabled ? null : (
      <button
        type="button"
        className={className}
        aria-label={`删除${f.fileName}`}
        title="删除文件"
        onClick={() => remove(f)}
      >
        <Icon icon={DeleteOutlined} />
      </button>
    );

  return (
    <div className={picture ? 'file-upload plain-upload plain-upload-picture' : 'file-upload plain-upload'}>
      <FileInput inputRef={input} accept={files.ACCEPT[type]} multiple={maxCount > 1} onFiles={choose} />
      {picture ? (
        <ul className="upload-cards">
          {listed.map((f) => {
            const thumb = (f.isPrivate ? thumbs[f.id] : f.thumbnailUrl || f.fileUrl) || '';
            return (
              <li key={f.id} className="upload-card">
                <button
                  type="button"
                  className="upload-card-view"
                  title="预览文件"
                  aria-label={`预览${f.fileName}`}
                  onClick={() => open(f)}
                >
                  {thumb ? (
                    <img src={thumb} alt="" />
                  ) : (
                    <span className="upload-card-name">
                      <Icon icon={FileOutlined} />
                      {f.fileName}
                    </span>
                  )}
                </button>
                {deleteButton(f, 'upload-card-delete')}
              </li>
            );
          })}
          {pending.map((p) => (
            <li key={p.uid} className="upload-card upload-card-pending">
              <span className="upload-card-name">{p.name}</span>
              <UploadProgress percent={p.percent} label={`${p.name}上传进度`} />
            </li>
          ))}
          {canAdd && (
            <li className="upload-card upload-card-add">
              <button {...buttonProps} className="upload-card-button">
                <Icon icon={PlusOutlined} />
                <span>上传图片</span>
              </button>
            </li>
          )}
        </ul>
      ) : (
        <>
          {canAdd && (
            <button {...buttonProps} className="btn">
              <Icon icon={UploadOutlined} />
              选择文件
            </button>
          )}
          {listed.length + pending.length > 0 && (
            <ul className="upload-rows">
              {listed.map((f) => (
                <li key={f.id} className="upload-row">
                  <Icon icon={PaperClipOutlined} className="upload-row-icon" />
                  <button type="button" className="upload-row-name" title="预览文件" onClick={() => open(f)}>
                    {f.fileName}
                  </button>
                  {deleteButton(f, 'upload-row-delete')}
                </li>
              ))}
              {pending.map((p) => (
                <li key={p.uid} className="upload-row upload-row-pending">
                  <Icon icon={PaperClipOutlined} className="upload-row-icon" />
                  <span className="upload-row-name">{p.name}</span>
                  <UploadProgress percent={p.percent} label={`${p.name}上传进度`} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="file-upload-hint">
        {picture ? '支持 JPG、PNG、WebP 图片' : '支持 PDF 或图片'}，单个文件不超过{files.UPLOAD_MAX_MB}M，最多
        {maxCount}个
      </div>
      {preview && <ImagePreview src={preview.src} alt={preview.alt} onClose={() => setPreview(null)} />}
    </div>
  );
}
