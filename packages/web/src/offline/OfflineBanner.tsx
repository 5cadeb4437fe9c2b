import { useOnline } from '../lib/useOnline.ts';

/** On every page while the connection is gone: what still works and what waits for the network. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div className="offline-banner" role="status">
      {!online && (
        <p>
          <strong>You are offline.</strong> Journeys you opened before still open; new searches, address
          suggestions and live times need a connection.
        </p>
      )}
    </div>
  );
}
