import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { StaticPageId } from '@cairn/contracts';
import {
  acceptCookies,
  daysToOrdinaryWeekday,
  inputDate,
  openOption,
  planJourney,
  waitForMapIdle,
  waitForResults,
  openReturnOption,
} from './helpers.ts';
import { createActiveAccount, signIn, uniqueEmail } from './accountsSupport.ts';
import { startCampaignServer, type CampaignServer } from './campaignServer.ts';

// A walk through every screen of the web app and the panel and modal states the e2e suite
// reaches, shared by the phone-width layout spec (which checks each stop for sideways overflow)
// and the screenshot run (which shoots each stop). A scene calls `stop(name)` at each state.

export type Stop = (name: string) => Promise<void>;
export type Scene = {
  name: string;
  /** A demo brand's host on the same server (BRAND_BY_HOST; *.localhost is loopback in Chromium). */
  host?: 'council.localhost' | 'greenway.localhost' | 'health.localhost';
  /** Runs against a server of its own holding a campaign (e2e/campaignServer.ts). */
  campaign?: boolean;
  /** Runs the scene on `page`, whose baseURL is the app the scene is for. */
  run: (page: Page, stop: Stop, request: APIRequestContext) => Promise<void>;
};

const CAMPAIGN_TITLE = 'Winter timetable changes';

const aviemoreToKingussie = {
  from: ['Aviemore', 'Aviemore'] as [string, string],
  to: ['Kingussie', 'Kingussie'] as [string, string],
};

export const SCENES: Scene[] = [
  {
    name: 'home',
    run: async (page, stop) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
      await stop('home-cookie-banner');
      await acceptCookies(page);
      await page.getByRole('combobox', { name: 'To', exact: true }).fill('Kingus');
      await expect(page.getByRole('listbox', { name: 'To suggestions' })).toBeVisible();
      await stop('home-suggestions');
      await page.getByRole('combobox', { name: 'To', exact: true }).press('Escape');
      await page.getByRole('radio', { name: 'Return' }).check();
      await page.getByRole('button', { name: 'Find Routes & Times' }).click();
      await expect(page.getByText('Please accept the Terms and Conditions').first()).toBeVisible();
      await stop('home-errors');
    },
  },
  {
    name: 'results and journey details',
    run: async (page, stop) => {
      await planJourney(page, {
        ...aviemoreToKingussie,
        outTime: inputDate(1, '09:00'),
        returnTime: inputDate(1, '17:00'),
      });
      await waitForResults(page);
      await stop('results');
      await page.getByRole('button', { name: 'Edit journey' }).click();
      const panel = page.getByRole('dialog', { name: 'Edit journey' });
      await expect(panel.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
      await stop('results-edit-panel');
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);

      await openOption(page, 'Journeys with train');
      await waitForMapIdle(page);
      await stop('journey-details');
      for (const name of ['Pricing Breakdown', 'Accepted payment methods']) {
        await page.getByRole('button', { name }).click();
        const dialog = page.getByRole('dialog', { name });
        await expect(dialog).toBeVisible();
        await stop(`modal-${name.split(' ')[0]!.toLowerCase()}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }

      const trainStep = page
        .locator('li.step')
        .filter({ has: page.getByRole('img', { name: 'train' }) })
        .first();
      await trainStep.getByRole('button', { name: /Stage details/ }).click();
      await expect(page.getByRole('heading', { name: /Step \d+ of \d+/ })).toBeVisible();
      await waitForMapIdle(page);
      await stop('stage');
      await page.getByRole('button', { name: 'View timetable' }).click();
      const timetable = page.getByRole('dialog', { name: /timetable/ });
      await expect(timetable.getByRole('table')).toBeVisible();
      await stop('modal-timetable');
      await timetable.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: /Useful links/ }).click();
      const guard = page.getByRole('dialog', { name: 'Are you sure?' });
      await expect(guard).toBeVisible();
      await stop('modal-leave-site');
      await guard.getByRole('button', { name: 'No, take me back' }).click();
      await page.getByRole('button', { name: 'Back to journey details' }).click();

      await page
        .getByRole('navigation', { name: 'Journey sections' })
        .getByRole('link', { name: 'Print' })
        .click();
      await page.waitForURL(/\/print$/);
      await expect(page.getByRole('heading', { name: /Your journey:/ })).toBeVisible();
      await stop('print');
    },
  },
  {
    name: 'taxi modal',
    run: async (page, stop) => {
      await planJourney(page, aviemoreToKingussie);
      await waitForResults(page);
      await page.getByLabel('Showing').selectOption({ label: 'Journeys with taxi' });
      const cards = page.locator('.journey-card');
      for (let i = 0; i < (await cards.count()); i++) {
        if (
          (await cards.nth(i).locator('.modes li').first().getByRole('img', { name: 'taxi' }).count()) === 0
        )
          continue;
        await cards.nth(i).locator('h2 a').click();
        break;
      }
      await page.getByRole('button', { name: 'Local taxi operators' }).click();
      await expect(page.getByRole('dialog', { name: 'Local taxi operators' })).toBeVisible();
      await stop('modal-taxi');
    },
  },
  {
    name: 'demand-responsive journey',
    run: async (page, stop) => {
      await planJourney(page, {
        from: ['Braemar', 'Braemar'],
        to: ['Ballater', 'Ballater'],
        // The demo's DRT runs on Tuesdays and Fridays.
        outTime: inputDate(daysToOrdinaryWeekday([2, 5]), '10:00'),
      });
      await waitForResults(page);
      await openOption(page, 'Journeys with demand-responsive transport (DRT)');
      await waitForMapIdle(page);
      await stop('journey-drt');
    },
  },
  {
    name: 'no results',
    run: async (page, stop) => {
      await page.goto('/');
      await acceptCookies(page);
      await page.getByRole('combobox', { name: 'From', exact: true }).fill('Qwxzzy Nowhere');
      await page.getByRole('combobox', { name: 'To', exact: true }).fill('Kingussie');
      // The suggestion list stays open over the form until dismissed, as on a phone.
      await page.getByRole('combobox', { name: 'To', exact: true }).press('Escape');
      await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
      await page.getByRole('button', { name: 'Find Routes & Times' }).click();
      await expect(page.getByRole('heading', { name: "We couldn't plan this journey" })).toBeVisible({
        timeout: 60_000,
      });
      await stop('results-empty');
    },
  },
  {
    name: 'static pages',
    run: async (page, stop) => {
      await page.goto('/');
      await acceptCookies(page);
      for (const path of [...StaticPageId.options, 'site-map', 'no-such-page']) {
        await page.goto(`/${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await stop(`page-${path}`);
      }
    },
  },
  {
    name: 'account pages',
    run: async (page, stop, request) => {
      await page.goto('/');
      await acceptCookies(page);
      for (const [path, heading] of [
        ['login', 'Sign in'],
        ['register', 'Create Account'],
        ['reset-password', /Forgot|Reset/],
        ['auth/activation?code=not-a-code', /.+/],
        ['auth/password-reset?code=not-a-code', /.+/],
        ['auth/unlock?code=not-a-code', /.+/],
        ['auth/email-change?code=not-a-code', /.+/],
      ] as const) {
        await page.goto(`/${path}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await stop(`account-${path.replace(/[/?=]/g, '-')}`);
      }
      await page.goto('/register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Please correct the following errors')).toBeVisible();
      await stop('account-register-errors');

      const email = uniqueEmail('tour');
      await createActiveAccount(request, new URL(page.url()).origin, email);
      await signIn(page, email);
      for (const [path, heading] of [
        ['account', 'Your Account'],
        ['edit-account', 'Edit Account'],
        ['searches', /.+/],
      ] as const) {
        await page.goto(`/${path}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await stop(`account-${path}`);
      }
    },
  },
  {
    name: 'council brand waiting for results',
    host: 'council.localhost',
    run: async (page, stop) => {
      await planJourney(page, aviemoreToKingussie);
      await expect(page.locator('.progress')).toBeVisible();
      await stop('brand-council-waiting');
    },
  },
  {
    name: 'multiple-filter brand results',
    host: 'greenway.localhost',
    run: async (page, stop) => {
      await planJourney(page, aviemoreToKingussie);
      await waitForResults(page);
      await expect(page.getByRole('group', { name: 'Showing' })).toBeVisible();
      await stop('brand-greenway-results');
    },
  },
  {
    name: 'health brand journey',
    host: 'health.localhost',
    run: async (page, stop) => {
      await planJourney(page, {
        ...aviemoreToKingussie,
        outTime: inputDate(1, '09:00'),
        returnTime: inputDate(1, '11:00'),
      });
      await waitForResults(page);
      await openReturnOption(page);
      await expect(page.getByLabel('Appointment length')).toBeVisible();
      await waitForMapIdle(page);
      await stop('brand-health-journey');
      await page.goto(page.url().replace(/\/results\/([^/]+).*$/, '/results/$1/print'));
      await expect(page.getByText('Attend appointment').first()).toBeVisible();
      await stop('brand-health-print');
    },
  },
  {
    name: 'campaign popup',
    campaign: true,
    run: async (page, stop) => {
      // Cookies first: the popup covers the banner's button.
      await page.goto('/');
      await acceptCookies(page);
      await page.goto('/register');
      await expect(page.getByRole('dialog', { name: CAMPAIGN_TITLE })).toBeVisible();
      await stop('campaign-popup');
    },
  },
];

/**
 * One test per scene, each in a fresh browser context of `viewport`; `onStop` runs at every stop.
 * The campaign scene starts its own server on `campaignPort`.
 */
export function defineTourTests(options: {
  campaignPort: number;
  viewport: { width: number; height: number };
  onStop: (page: Page, name: string) => Promise<void>;
}): void {
  let campaign: CampaignServer | undefined;
  test.afterAll(async () => {
    await campaign?.stop();
  });
  for (const scene of SCENES) {
    test(scene.name, async ({ browser, baseURL, locale, timezoneId, request }) => {
      test.setTimeout(300_000);
      let base = baseURL!;
      if (scene.host) base = `http://${scene.host}:${new URL(base).port}`;
      if (scene.campaign) {
        campaign ??= await startCampaignServer(options.campaignPort, [
          [
            '--title',
            CAMPAIGN_TITLE,
            '--text',
            'Buses in the park run to winter times from Monday. Check before you travel.',
            '--appear-on',
            'account-register',
            '--end',
            new Date(Date.now() + 7 * 86_400_000).toISOString(),
            '--url',
            `http://127.0.0.1:${options.campaignPort}/about`,
            '--button',
            'See the new times',
            '--brand',
            'cairngorms-explorer',
          ],
        ]);
        base = campaign.baseURL;
      }
      const context = await browser.newContext({
        baseURL: base,
        viewport: options.viewport,
        locale,
        timezoneId,
      });
      const page = await context.newPage();
      // An action blocked by something covering its target fails instead of waiting for the test.
      page.setDefaultTimeout(30_000);
      try {
        await scene.run(page, (name) => options.onStop(page, name), request);
      } finally {
        await context.close();
      }
    });
  }
}
