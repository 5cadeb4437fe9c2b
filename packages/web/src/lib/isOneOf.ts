/** Whether `value` is one of the words of a contract list (TRAVEL_TYPES, SORT_KEYS, …). */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}
