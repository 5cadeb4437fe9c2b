import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fetchConfig } from './api/endpoints.ts';
import { setCredentials } from './api/http.ts';
import { readCookie } from './privacy/cookies.ts';
import { TOKEN_COOKIE } from './privacy/storedItems.ts';
import { ConfigProvider } from './brand/ConfigContext.tsx';
import { AuthProvider } from './auth/AuthContext.tsx';
import { FlashProvider } from './ui/FlashContext.tsx';
import { buildRoutes, startFirstScreen } from './app/routes.tsx';
import { whenRouterReady } from './app/whenRouterReady.ts';
import { accountRoutes } from './account/accountRoutes.tsx';
import { registerServiceWorker } from './offline/registerServiceWorker.ts';
import { yieldToBrowser } from './lib/yieldToBrowser.ts';
import './styles/app.css';

const root = createRoot(document.getElementById('root')!);

/** Start-up: read the brand and region from /v1/config, then render the app dressed for it. */
async function start() {
  startFirstScreen(window.location.pathname, accountRoutes);
  let config;
  try {
    config = await fetchConfig();
  } catch {
    root.render(
      <main className="page-narrow" id="main-content">
        <h1>The journey planner is not available</h1>
        <p>It could not load its settings. Please try again in a few minutes.</p>
      </main>,
    );
    return;
  }
  // The signed-in token too, before the router's loaders fetch (a saved journey says so on reload).
  setCredentials({
    apiKey: config.apiKey ?? null,
    token: config.brand.enableUserAccounts ? readCookie(TOKEN_COOKIE) : null,
  });
  document.title = config.brand.title;
  // Checking the settings, building the router (which runs the route's loaders, starting its
  // fetches) and the first render are tasks of their own: in one, they held a phone's main thread
  // for 17 to 29 ms of thread time, four times that on Lighthouse's phone (issue 31).
  await yieldToBrowser();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
  const router = createBrowserRouter(
    buildRoutes(config.brand.enableUserAccounts ? accountRoutes() : [], {
      queryClient,
      resultsDelaySec: config.brand.resultsDelaySec,
    }),
  );
  registerServiceWorker(router);
  // A screen the route table draws with its code in (journey details) is drawn first, not a stand-in.
  await whenRouterReady(router);
  await yieldToBrowser();
  startTransition(() =>
    root.render(
      <StrictMode>
        <ConfigProvider config={config}>
          <QueryClientProvider client={queryClient}>
            <AuthProvider enabled={config.brand.enableUserAccounts}>
              <FlashProvider>
                <RouterProvider router={router} />
              </FlashProvider>
            </AuthProvider>
          </QueryClientProvider>
        </ConfigProvider>
      </StrictMode>,
    ),
  );
}

void start();
