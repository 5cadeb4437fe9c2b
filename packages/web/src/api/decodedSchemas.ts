/**
 * The contract schemas whose answers the web checks. The build turns each into JSON Schema
 * (scripts/contractSchemasPlugin.ts), so the browser checks answers without shipping zod.
 */
export const DECODED_SCHEMAS = [
  'AppConfig',
  'StaticPage',
  'PlacesResponse',
  'ReverseResponse',
  'SearchCreated',
  'SearchResults',
  'Journey',
  'JourneyResponse',
  'QueryEvent',
  'User',
  'LoginResponse',
  'MessageResponse',
  'PageMeta',
  'RecentSearchItem',
  'SavedJourneyItem',
  'Campaign',
  'Impression',
] as const;

export type DecodedSchemaName = (typeof DECODED_SCHEMAS)[number];
