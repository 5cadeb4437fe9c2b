import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A screen drawn only once its code is in (React Router's route `lazy`); every screen but Home is
 * one (app/routes.tsx, account/accountRoutes.tsx). The router fetches the code alongside the route's
 * loader and draws the screen when it has come: on a cold load the first render waits for it
 * (main.tsx), and `startFirstScreen` fetches it before the settings arrive; a navigation keeps the
 * page it leaves, with the frame's Loading status, meanwhile (layout/NavigationPending.tsx). Code
 * that failed to come (offline) is not kept as the answer: the next try fetches it again
 * (app/RouteError.tsx offers one). Behind a React.lazy fallback, React held the finished journey
 * page back for its reveal throttle (300 ms after a fallback shows), and every update meanwhile made
 * it build the whole page again, 5 to 90 times (issue 31); and React.lazy keeps a failed load until
 * the page is loaded again. The router clears the `lazy` it has loaded, in place: a table of these
 * serves one router, so each router gets a table built for it.
 */
export function drawnWithCodeIn(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: { Component: async () => (await load()).default } };
}
