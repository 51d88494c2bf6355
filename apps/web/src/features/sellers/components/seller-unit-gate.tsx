import { useSession } from '../../../lib/use-session';
import { UnitDialog } from './unit-dialog';

/** A seller of several units who has not chosen one yet sees dialog 1 wherever they are. */
export function SellerUnitGate({ onLogout }: { onLogout: () => void }) {
  const user = useSession();
  const open = user?.role === 'seller' && !user.businessUnitId;
  return <UnitDialog open={open} mode="choose" onLogout={onLogout} />;
}
