/**
 * SPEC §6: the brand's ad banner on Results, in a slot of its own fixed size, so nothing on the
 * page moves when the ad loads. The frame is sandboxed without allow-same-origin (the ad runs as an
 * opaque origin: it reaches neither this site nor storage of its own) and credentialless where the
 * browser supports it (no cookies sent or kept), since it is shown before any consent (ADR 012).
 */
export function AdBanner({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <section className="ad-slot" aria-label="Advertisement">
      <iframe
        className="ad-banner"
        src={url}
        title="Advertisement"
        loading="lazy"
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        {...{ credentialless: true }}
      />
    </section>
  );
}
