import { Link } from 'react-router';
import { useBrand, useRegion } from '../brand/ConfigContext.tsx';

const POLICY_LINKS = [
  { label: 'Terms and conditions', to: '/terms-and-conditions' },
  { label: 'Site map', to: '/site-map' },
  { label: 'Cookie policy', to: '/cookie-policy' },
  { label: 'Privacy policy', to: '/privacy-policy' },
];

function SmartLink({ to, children }: { to: string; children: string }) {
  return to.startsWith('/') ? (
    <Link to={to}>{children}</Link>
  ) : (
    <a href={to} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Optional blocks by brand setting (updates banner, need help) and the main footer. */
export function Footer() {
  const brand = useBrand();
  const region = useRegion();
  return (
    <footer className="site-footer">
      {brand.showUpdatesFooter && brand.updatesFooter && (
        <div className="footer-updates">
          <p>
            {brand.updatesFooter.text}{' '}
            <a href={brand.updatesFooter.url} target="_blank" rel="noopener noreferrer">
              Read the latest guidance
            </a>
          </p>
        </div>
      )}
      {brand.showNeedHelp && (
        <section className="footer-needhelp" aria-labelledby="need-help-heading">
          <h2 id="need-help-heading">Need support or advice?</h2>
          <p>Our team can help you plan your journey.</p>
          <SmartLink to={brand.needHelpUrl ?? '/contact-us'}>Send an enquiry</SmartLink>
        </section>
      )}
      <div className="footer-main">
        <div className="footer-grid">
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact</h2>
            <address>
              {brand.footer.address.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
              <a href={`mailto:${brand.contactEmail}`}>{brand.contactEmail}</a>
            </address>
          </section>
          <section aria-labelledby="footer-quick">
            <h2 id="footer-quick">Quick links</h2>
            <ul>
              {brand.footer.quickLinks.map((l) => (
                <li key={l.label}>
                  <SmartLink to={l.url}>{l.label}</SmartLink>
                </li>
              ))}
            </ul>
          </section>
          {brand.footer.socialLinks.length > 0 && (
            <section aria-labelledby="footer-social">
              <h2 id="footer-social">Follow us</h2>
              <ul>
                {brand.footer.socialLinks.map((l) => (
                  <li key={l.label}>
                    <SmartLink to={l.url}>{l.label}</SmartLink>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="footer-policies">
            <h2 id="footer-policies">Policies</h2>
            <ul>
              {POLICY_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
        {brand.footer.supportedBy.length > 0 && (
          <div className="footer-supported">
            <h2>Supported by</h2>
            <ul>
              {brand.footer.supportedBy.map((s) => (
                <li key={s.name}>
                  {s.logo ? (
                    <img src={s.logo} alt={s.name} height={40} />
                  ) : (
                    <span className="supporter-name">{s.name}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {region.demo && (
          <p className="footer-demo">
            Demo data: timetables, fares and places are generated for demonstration
          </p>
        )}
        <p className="footer-attribution">Map data: {region.attribution}</p>
      </div>
    </footer>
  );
}
