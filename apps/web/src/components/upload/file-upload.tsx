import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { files } from '@chepai/shared';
import { Button, Image, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { useState } from 'react';
import { deleteFile, uploadFile } from './upload-api';
import { confirmDelete, openUploaded, uploadFailed, useFieldFiles, useSignedThumbs } from './upload-actions';
import { uploadGate } from './upload-gate';
import { useReportBusy } from './upload-busy';
import './upload.css';
import { useFeedback } from '../feedback';

export interface FileUploadProps {
  /** The uploaded files (a Form.Item's value); only finished uploads are in it. */
  value?: files.UploadedFile[];
  onChange?: (next: files.UploadedFile[]) => void;
  /** `image` takes pictures only; `document` PDF or pictures. */
  type: files.FileType;
  /** Private files are only ever shown through short-lived signed addresses. */
  isPrivate?: boolean;
  maxCount?: number;
  /** The upload address under /api, when a form posts elsewhere than the default. */
  action?: string;
  disabled?: boolean;
}

type Pending = UploadFile & { status: 'uploading' };

/**
 * The upload field of every form (docs/product.md, upload rules and error catalogue): size,
 * type and count checked before sending, '文件上传失败' and the file dropped when the server
 * refuses it, a confirmation before deleting, previews through signed addresses.
 */
export function FileUpload({
  value,
  onChange,
  type,
  isPrivate = true,
  maxCount = 1,
  action,
  disabled,
}: FileUploadProps) {
  const { message, modal } = useFeedback();
  const { listed, latest, emit } = useFieldFiles(value, onChange);
  const [pending, setPending] = useState<Pending[]>([]);
  const thumbs = useSignedThumbs(listed);
  const [preview, setPreview] = useState<string | null>(null);
  useReportBusy(pending.length > 0);

  const fileList: UploadFile[] = [
    ...listed.map((f): UploadFile => ({
      uid: f.id,
      name: f.fileName,
      status: 'done',
      url: f.fileUrl || undefined,
      thumbUrl: (f.isPrivate ? thumbs[f.id] : f.thumbnailUrl) || undefined,
      response: f,
    })),
    ...pending,
  ];

  const beforeUpload = uploadGate(() => latest.current.length + pending.length, maxCount, type, message);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const f = file as File & { uid: string };
    setPending((p) => [...p, { uid: f.uid, name: f.name, status: 'uploading', percent: 0 }]);
    const drop = () => setPending((p) => p.filter((x) => x.uid !== f.uid));
    uploadFile(f, {
      type,
      isPrivate,
      action,
      onProgress: (percent) => setPending((p) => p.map((x) => (x.uid === f.uid ? { ...x, percent } : x))),
    }).then(
      (uploaded) => {
        drop();
        emit([...latest.current, uploaded]);
        void message.success('上传成功');
      },
      (e: unknown) => {
        drop();
        void message.error(uploadFailed(e));
      },
    );
  };

  const onRemove = (item: UploadFile) =>
    new Promise<boolean>((resolve) => {
      const uploaded = item.response as files.UploadedFile | undefined;
      if (!uploaded) return resolve(true);
      // antd keeps the item (false): the list follows the value, which the delete has changed.
      confirmDelete(
        { modal, message },
        uploaded.fileName,
        async () => {
          await deleteFile(uploaded.id);
          emit(latest.current.filter((f) => f.id !== uploaded.id));
        },
        () => resolve(false),
      );
    });

  const onPreview = (item: UploadFile) => {
    const uploaded = item.response as files.UploadedFile | undefined;
    if (uploaded) void openUploaded(uploaded, setPreview);
  };

  const full = listed.length + pending.length >= maxCount;
  const picture = type === 'image';
  return (
    <div className="file-upload">
      <Upload
        accept={files.ACCEPT[type]}
        listType={picture ? 'picture-card' : 'text'}
        multiple={maxCount > 1}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={onRemove}
        onPreview={onPreview}
        disabled={disabled}
      >
        {full || disabled ? null : picture ? (
          <button type="button" className="file-upload-card-button">
            <PlusOutlined />
            <div>上传图片</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>选择文件</Button>
        )}
      </Upload>
      <div className="file-upload-hint">
        {picture ? '支持 JPG、PNG、WebP 图片' : '支持 PDF 或图片'}，单个文件不超过{files.UPLOAD_MAX_MB}M，最多
        {maxCount}个
      </div>
      {preview && (
        <Image
          wrapperStyle={{ display: 'none' }}
          src={preview}
          preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(null) }}
        />
      )}
    </div>
  );
}
