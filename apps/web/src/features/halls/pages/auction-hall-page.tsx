import { HallView } from '../components/hall-view';

export default function AuctionHallPage() {
  return <HallView hall="auctionHall" />;
}
