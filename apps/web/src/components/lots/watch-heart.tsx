import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToggleWatch, useWatchIds } from '../../api/watch-queries';
import { useSession } from '../../lib/use-session';
import './watch-heart.css';

/**
 * The heart that watches a lot (关注). A visitor is sent to log in first; inside a card (a link) it
 * neither follows the link nor bubbles. `label` shows text beside it (the lot page).
 */
export function WatchHeart({ orderId, label = false }: { orderId: string; label?: boolean }) {
  const user = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const ids = useWatchIds(Boolean(user));
  const toggle = useToggleWatch();
  const watching = ids.data?.has(orderId) ?? false;
  const click = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!user) return void navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
    if (!toggle.isPending) toggle.mutate({ orderId, watch: !watching });
  };
  const text = watching ? '已关注' : '关注';
  return (
    <button
      type="button"
      className={`watch-heart${watching ? ' on' : ''}${label ? ' labelled' : ''}`}
      aria-pressed={watching}
      aria-label={watching ? '取消关注' : '关注该车辆'}
      title={watching ? '取消关注' : '关注该车辆，开拍前30分钟提醒'}
      data-testid="watch-heart"
      onClick={click}
    >
      {watching ? <HeartFilled /> : <HeartOutlined />}
      {label ? <span>{text}</span> : null}
    </button>
  );
}
