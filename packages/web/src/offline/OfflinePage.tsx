import type { ReactNode } from 'react';

/** The screen shown instead of one that needs the network and was not kept on this device. */
export function OfflinePage({ what, children }: { what: 'page' | 'journey'; children?: ReactNode }) {
  return (
    <div className="page-narrow">
      <h1>You are offline</h1>
      <p>
        This {what} was not kept on this device. {what === 'page' ? 'Pages' : 'Journeys'} you have opened
        before open without a connection; this one needs the network.
      </p>
      {children}
    </div>
  );
}
