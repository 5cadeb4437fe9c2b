import { useRegion } from '../brand/ConfigContext.tsx';

/** Says that what is shown is the copy kept offline, and when its times were planned. */
export function OfflineNotice({ plannedAt }: { plannedAt: Date }) {
  const region = useRegion();
  const zone = region.time_zone;
  const time = plannedAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone });
  const sameDay = plannedAt.toDateString() === new Date().toDateString();
  const day = sameDay
    ? ''
    : ` on ${plannedAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: zone })}`;
  return (
    <p className="offline-notice" role="status">
      Offline — times as planned at {time}
      {day}. Live changes since then are not shown.
    </p>
  );
}
