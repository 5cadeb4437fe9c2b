// Plain values first: the web app imports only these and the schema-free modules below at run time.
export {
  TRAVEL_TYPES,
  TIMETABLED_TYPES,
  BOOKED_TYPES,
  POI_CATEGORIES,
  SORT_KEYS,
  STATIC_PAGE_IDS,
  APPEAR_ON,
  WEEKDAYS,
  TITLES,
  RAILCARDS,
  MIN_USER_AGE,
  NEW_YOUNG_SCOT_CUTOFF,
  SEARCH_DATE_PATTERN,
  DOB_PATTERN,
  CONCESSION_SCHEME_ID_PATTERN,
  channelForQuery,
} from './values.ts';
export type { Railcard } from './values.ts';
export { compareJourneys } from './ranking.ts';
export {
  TextValue,
  TextOnly,
  LatLng,
  PageMeta,
  PageQuery,
  SafeLink,
  WebAddress,
  ConcessionSchemeIds,
  optionalField,
} from './common.ts';
export { ErrorBody, ERROR_FIELDS } from './errors.ts';
export { APPOINTMENT_LENGTHS_MIN, DEFAULT_APPOINTMENT_MIN, appointmentReturnTime } from './appointment.ts';
export { goesByPublicTransport, noPublicTransportBackAt } from './publicTransportBack.ts';
export { TravelType, PoiCategory } from './modes.ts';
export {
  OpeningTime,
  ToiletMarker,
  DestinationToilets,
  Taxi,
  Poi,
  Direction,
  DirectionAction,
  DirectionParts,
  DIRECTION_ACTIONS,
  TravelGuide,
  Timetable,
  Step,
  StepLive,
  LiveBreak,
  JourneyNotice,
  JOURNEY_NOTICE_KINDS,
  StepAlert,
  LiveStatus,
  LIVE_STATUSES,
  Leg,
  PricingLine,
  PaymentMethods,
  SortKey,
  Journey,
  STEP_FREE_STATUSES,
  StepFree,
  Assistance,
} from './journey.ts';
export {
  PlaceErrors,
  NoJourney,
  SearchRequest,
  SearchQuery,
  SearchCreated,
  SearchResults,
  JourneyResponse,
  UpdateReturnTimeRequest,
  RecentSearchItem,
  SavedJourneyItem,
} from './search.ts';
export type { SearchRequestInput } from './search.ts';
export {
  ResultsRetrievedEvent,
  JourneyProcessedEvent,
  SearchFailedEvent,
  JourneyUpdatedEvent,
  QueryEvent,
} from './events.ts';
export {
  Profile,
  RegisterRequest,
  UpdateUserRequest,
  User,
  LoginRequest,
  LoginResponse,
  PasswordResetRequest,
  PasswordResetWithCode,
  MessageResponse,
} from './user.ts';
export type { RegisterRequestInput, UpdateUserRequestInput } from './user.ts';
export {
  NO_ENTITLEMENTS,
  PROFILE_ENTITLEMENT_FIELDS,
  ENTITLEMENT_FIELDS,
  isGiven,
  mergeEntitlements,
  entitlementsProfile,
  allowsTravelType,
} from './entitlements.ts';
export type { Entitlements, EntitlementAnswers, ProfileAnswers } from './entitlements.ts';
export { Campaign, CampaignListQuery, ImpressionRequest, Impression } from './campaign.ts';
export { BrandSettings, StaticPageId, StaticPage, RegionInfo, AppConfig } from './brand.ts';
export { WEB_ROUTES, STATIC_PAGE_ROUTES, ACCOUNT_WEB_ROUTES } from './webRoutes.ts';
export type { BrandSettingsInput } from './brand.ts';
export {
  PLACE_KINDS,
  PlaceSuggestion,
  PlacesQuery,
  ReverseQuery,
  PlacesResponse,
  ReverseResponse,
} from './places.ts';
