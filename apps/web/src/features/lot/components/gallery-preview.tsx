import { Image } from 'antd';

/** antd's image preview over the lot's photos; loaded by LotGallery with the first click. */
export default function GalleryPreview({
  photos,
  open,
  current,
  onOpen,
  onChange,
}: {
  photos: Array<{ url: string; label: string }>;
  open: boolean;
  current: number;
  onOpen: (open: boolean) => void;
  onChange: (index: number) => void;
}) {
  return (
    <div style={{ display: 'none' }}>
      <Image.PreviewGroup preview={{ visible: open, current, onVisibleChange: onOpen, onChange }}>
        {photos.map((p) => (
          <Image key={p.url} src={p.url} alt={p.label} />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}
