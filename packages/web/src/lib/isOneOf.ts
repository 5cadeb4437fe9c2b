/** Whether `value` is one of the words of a fixed list (TRAVEL_TYPES, SORT_KEYS, …), narrowed to it. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}
