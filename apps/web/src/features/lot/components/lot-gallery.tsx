import { useState } from 'react';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';

/** antd's preview (zoom, rotate, browse all), fetched with the first click on the picture. */
const Preview = lazyWithAntd(() => import('./gallery-preview'));

/** Main picture with thumbnails; a click opens the preview. */
export function LotGallery({
  photos,
  title,
}: {
  photos: Array<{ url: string; label: string }>;
  title: string;
}) {
  const [current, setCurrent] = useState(0);
  const [open, setOpenState] = useState(false);
  const [opened, setOpened] = useState(false);
  const setOpen = (value: boolean) => {
    setOpenState(value);
    if (value) setOpened(true);
  };
  if (!photos.length) return <div className="gallery gallery-empty">暂无图片</div>;
  const shown = photos[current] ?? photos[0];
  return (
    <div className="gallery">
      <div
        className="gallery-main"
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          setOpen(true);
        }}
        role="button"
        tabIndex={0}
        aria-label="查看大图"
      >
        {/* The page's largest paint: fetched first, its box sized before it arrives. */}
        <img
          src={shown?.url}
          alt={`${title} ${shown?.label ?? ''}`}
          width={800}
          height={500}
          fetchPriority="high"
        />
        <span className="gallery-hint">
          {shown?.label} · 点击查看大图（{current + 1}/{photos.length}）
        </span>
      </div>
      <div className="gallery-thumbs">
        {photos.map((p, i) => (
          <button
            key={p.url}
            type="button"
            className={i === current ? 'active' : ''}
            onClick={() => setCurrent(i)}
            onMouseEnter={() => setCurrent(i)}
            title={p.label}
          >
            <img src={p.url} alt={p.label} width={80} height={50} loading="lazy" />
          </button>
        ))}
      </div>
      {/* Mounted from the first opening on, so that closing it can animate. */}
      {(open || opened) && (
        <Preview photos={photos} open={open} current={current} onOpen={setOpen} onChange={setCurrent} />
      )}
    </div>
  );
}
