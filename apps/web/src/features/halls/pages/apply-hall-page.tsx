import { HallView } from '../components/hall-view';

export default function ApplyHallPage() {
  return <HallView hall="applyHall" />;
}
