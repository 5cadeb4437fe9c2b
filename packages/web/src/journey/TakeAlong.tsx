import { useId, useState } from 'react';
import type { Journey } from '@cairn/contracts';
import { useBrand, useRegion } from '../brand/ConfigContext.tsx';
import { buildJourneyCalendar } from './calendar/journeyCalendar.ts';

/**
 * "Add to calendar" (an .ics file, RFC 5545) and "Share" (the device's share sheet where it has
 * the Web Share API, else the journey's link to copy).
 */
export function TakeAlong({ journey }: { journey: Journey }) {
  const brand = useBrand();
  const region = useRegion();
  const [showLink, setShowLink] = useState(false);
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  const url = window.location.href.split('#')[0]!;
  const title = `${journey.origin} to ${journey.destination}`;

  const addToCalendar = () => {
    const ics = buildJourneyCalendar(journey, {
      timeZone: region.time_zone ?? null,
      url,
      productName: brand.title,
      now: new Date(),
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    link.download = `${fileSafe(title)}.ics`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${title} — ${brand.title}`, url });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    setShowLink(true);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      (document.getElementById(linkId) as HTMLInputElement | null)?.select();
    }
  };

  return (
    <div className="take-along no-print">
      <div className="actions">
        <button type="button" className="button" onClick={addToCalendar}>
          Add to calendar
        </button>
        <button type="button" className="button" onClick={() => void share()} aria-expanded={showLink}>
          Share
        </button>
      </div>
      {showLink && (
        <div className="share-link">
          <label htmlFor={linkId}>Link to this journey</label>
          <input id={linkId} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button" onClick={() => void copy()}>
            Copy link
          </button>
          <span role="status">{copied ? 'Link copied' : ''}</span>
        </div>
      )}
    </div>
  );
}

/** A file name from a title: letters, digits and hyphens. */
function fileSafe(title: string): string {
  return (
    title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'journey'
  );
}
