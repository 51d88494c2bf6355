import { HallView } from '../components/hall-view';

export default function ForeshowHallPage() {
  return <HallView hall="foreshowHall" />;
}
