export {
  TextValue,
  TextOnly,
  LatLng,
  PageMeta,
  PageQuery,
  SEARCH_DATE_PATTERN,
  DOB_PATTERN,
  SafeLink,
  WebAddress,
  optionalField,
} from './common.ts';
export { ErrorBody, ERROR_FIELDS } from './errors.ts';
export { APPOINTMENT_LENGTHS_MIN, DEFAULT_APPOINTMENT_MIN, appointmentReturnTime } from './appointment.ts';
export { TRAVEL_TYPES, TravelType, TIMETABLED_TYPES, POI_CATEGORIES, PoiCategory } from './modes.ts';
export {
  OpeningTime,
  WEEKDAYS,
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
  StepAlert,
  LiveStatus,
  LIVE_STATUSES,
  Leg,
  PricingLine,
  PaymentMethods,
  SORT_KEYS,
  SortKey,
  Journey,
  STEP_FREE_STATUSES,
  StepFree,
  Assistance,
} from './journey.ts';
export {
  PlaceErrors,
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
  channelForQuery,
} from './events.ts';
export {
  TITLES,
  RAILCARDS,
  MIN_USER_AGE,
  NEW_YOUNG_SCOT_CUTOFF,
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
export type { Railcard, RegisterRequestInput, UpdateUserRequestInput } from './user.ts';
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
export { APPEAR_ON, Campaign, CampaignListQuery, ImpressionRequest, Impression } from './campaign.ts';
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
