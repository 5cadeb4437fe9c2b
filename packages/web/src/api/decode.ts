import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type * as Contracts from '@cairn/contracts';
import contractSchemas from 'virtual:contract-schemas';
import { yieldToBrowser } from '../lib/yieldToBrowser.ts';
import type { DecodedSchemaName } from './decodedSchemas.ts';

/** What a contract schema yields: the type the API promises for that answer. */
export type Decoded<N extends DecodedSchemaName> = NonNullable<
  (typeof Contracts)[N]['~standard']['types']
>['output'];

/** An answer that does not hold to the contract (docs/adr/015-browser-checks-json-schema.md). */
export class ContractMismatch extends Error {
  constructor(
    readonly schema: string,
    readonly errors: readonly OutputUnit[],
  ) {
    const first = errors.find((e) => e.keyword !== 'properties' && e.keyword !== '$ref') ?? errors[0];
    super(`answer does not match ${schema}${first ? ` at ${first.instanceLocation}: ${first.error}` : ''}`);
    this.name = 'ContractMismatch';
  }
}

const { $defs } = contractSchemas;
let lookup: ReturnType<typeof dereference> | undefined;

/** `value` against `schema`; the schema document is indexed once, on the first check. */
function check(schema: Schema, value: unknown) {
  lookup ??= dereference(contractSchemas);
  return validate(value, schema, '2020-12', lookup, true);
}

/** `value` checked against the contract schema `name`; throws ContractMismatch when it is not one. */
export function decode<N extends DecodedSchemaName>(name: N, value: unknown): Decoded<N> {
  const result = check($defs[name]!, value);
  if (!result.valid) throw new ContractMismatch(name, result.errors);
  return value as Decoded<N>;
}

/** `value` checked as a list of `name`. */
export function decodeList<N extends DecodedSchemaName>(name: N, value: unknown): Decoded<N>[] {
  const result = check({ type: 'array', items: $defs[name]! }, value);
  if (!result.valid) throw new ContractMismatch(`${name}[]`, result.errors);
  return value as Decoded<N>[];
}

/**
 * A long list (a search's journeys) checked one item per task, so checking does not hold up
 * input on a slow phone.
 */
export async function decodeInSteps<N extends DecodedSchemaName>(
  name: N,
  value: unknown,
): Promise<Decoded<N>[]> {
  if (!Array.isArray(value)) return decodeList(name, value);
  for (const item of value) {
    await yieldToBrowser();
    decode(name, item);
  }
  return value as Decoded<N>[];
}

/** Whether `value` is a `name`, for answers the web skips rather than fails on. */
export function matches<N extends DecodedSchemaName>(name: N, value: unknown): value is Decoded<N> {
  return check($defs[name]!, value).valid;
}
