import { z } from 'zod';
import { LatLng, SafeLink } from './common.ts';
import { TravelType } from './modes.ts';
import { STATIC_PAGE_IDS } from './values.ts';

const url = SafeLink;

/** A third party's address the page loads (a frame or a script): absolute http(s) only. */
const ThirdPartyUrl = z
  .string()
  .url()
  .regex(/^https?:\/\//i, 'Use an http or https address.');

/**
 * A brand's settings: the 13 setting fields of SPEC §1 plus named settings for the brand
 * variations, so components never test a brand's name. Stored in `brands/<id>/brand.json`,
 * merged over `brands/default/brand.json`.
 */
export const BrandSettings = z.object({
  brand: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  shortTitle: z.string(),
  contactEmail: z.string().email(),
  /**
   * The address account mail comes from (its name is always `title`); null uses MAIL_FROM's
   * address. Our addition to SPEC §1.
   */
  mailFrom: z.string().email().nullable().default(null),
  supportLink: url.nullable(),
  appStoreLinks: z.object({ ios: url.nullable(), android: url.nullable() }),
  showBreadcrumbs: z.boolean(),
  showUpdatesFooter: z.boolean(),
  showNeedHelp: z.boolean(),
  showPois: z.boolean(),
  enableUserAccounts: z.boolean(),
  enableMultipleJourneyTypeFilter: z.boolean(),
  blockedTravelTypes: z.array(TravelType),
  /** Appointment planning: Attend Appointment stage, appointment length, earlier/later return. */
  appointmentMode: z.boolean().default(false),
  /** Seconds the results page waits before retrieving results (one council brand: 10). */
  resultsDelaySec: z.number().int().min(0).max(60).default(0),
  /** A notice about where toilet data comes from, shown with toilet information. */
  toiletDataNotice: z.string().nullable().default(null),
  /** The ad banner frame on Results (SPEC §6); omitted when null. The CSP frames just its origin. */
  adBannerUrl: ThirdPartyUrl.nullable().default(null).describe('The ad frame on Results; null: none.'),
  /**
   * A tag-manager container script (SPEC §7), loaded only after Accept Cookies; none when null.
   * The CSP admits scripts from just its origin.
   */
  tagManagerUrl: ThirdPartyUrl.nullable()
    .default(null)
    .describe('Optional: a tag-manager container script, loaded only after Accept Cookies; null: none.'),
  updatesFooter: z.object({ text: z.string(), url }).nullable().default(null),
  needHelpUrl: url.nullable().default(null),
  footer: z.object({
    address: z.array(z.string()),
    quickLinks: z.array(z.object({ label: z.string(), url: SafeLink })),
    socialLinks: z.array(z.object({ label: z.string(), url: SafeLink })),
    supportedBy: z.array(z.object({ name: z.string(), logo: z.string().nullable() })),
  }),
  /** Colours used by the map style; the page colours live in theme.css. */
  mapColours: z.object({ outbound: z.string(), return: z.string(), accent: z.string() }),
  /** Hostnames that select this brand when hostname selection is configured. */
  hosts: z.array(z.string()).default([]),
  carClubPromo: z.boolean().default(true),
});
export type BrandSettings = z.infer<typeof BrandSettings>;
export type BrandSettingsInput = z.input<typeof BrandSettings>;

export const StaticPageId = z.enum(STATIC_PAGE_IDS);
export type StaticPageId = z.infer<typeof StaticPageId>;

export const StaticPage = z.object({ id: StaticPageId, title: z.string(), markdown: z.string() });
export type StaticPage = z.infer<typeof StaticPage>;

export const RegionInfo = z.object({
  id: z.string(),
  name: z.string(),
  demo: z.boolean(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  center: LatLng,
  zoom: z.number(),
  attribution: z.string(),
  time_zone: z
    .string()
    .optional()
    .describe(
      "The region's IANA time zone (e.g. Europe/London). Search times are wall-clock times in this zone; the web app takes 'now' in it. Beyond SPEC: old clients may ignore it",
    ),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .describe(
      "ISO 4217 code of the region's prices (region.json currency: GBP, EUR, USD); journeys' cost texts are written in it. Beyond SPEC (issue 28): absent means GBP, old clients may ignore it",
    ),
  concession_schemes: z
    .array(z.object({ id: z.string(), label: z.string(), eligibility: z.string() }))
    .optional()
    .describe(
      "The region's own concession schemes (region.json fares.concessions.schemes), for the profile and the search form to offer; a traveller's concession_schemes name them by id. Beyond SPEC (issue 28): absent or empty means none; the Scottish cards keep their own fields",
    ),
});
export type RegionInfo = z.infer<typeof RegionInfo>;

/** GET /v1/config: what the web app needs to dress itself for the brand and region. */
export const AppConfig = z.object({
  data: z.object({
    brand: BrandSettings,
    region: RegionInfo,
    /** The brand's public API key for the X-API-Key header (identifies the brand; not a secret). */
    apiKey: z.string().nullable().optional(),
  }),
});
export type AppConfig = z.infer<typeof AppConfig>;
