import { beijing } from '../../../components/lots/format';

/** A date and time that may wrap between the two, never inside either. */
export function DateTime({ ms }: { ms: number }) {
  const [date, time] = beijing(ms).split(' ');
  return (
    <span className="date-time">
      <span>{date}</span> <span>{time}</span>
    </span>
  );
}
