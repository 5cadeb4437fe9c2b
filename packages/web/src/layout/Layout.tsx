import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TopBar } from './TopBar.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { FlashBanner } from '../ui/FlashContext.tsx';
import { OfflineBanner } from '../offline/OfflineBanner.tsx';
import { NavigationPending } from './NavigationPending.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { CampaignPopup } from '../campaigns/CampaignPopup.tsx';
import { TagManager } from '../privacy/TagManager.tsx';

/**
 * The page frame. The route view is keyed by the path so it is re-created when the path
 * changes; filter and sort live in the query string and keep the view (and keyboard focus).
 */
export function Layout() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <TopBar />
      <Breadcrumbs />
      <FlashBanner />
      <OfflineBanner />
      <NavigationPending />
      <main id="main-content" tabIndex={-1}>
        <Suspense fallback={<Spinner page />}>
          <Outlet key={location.pathname} />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
      <TagManager />
      <CampaignPopup />
    </>
  );
}
