import { HallView } from '../components/hall-view';

export default function ResultHallPage() {
  return <HallView hall="resultHall" />;
}
