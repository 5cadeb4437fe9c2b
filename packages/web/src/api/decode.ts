import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type * as Contracts from '@cairn/contracts';
import contractSchemas from 'virtual:contract-schemas';
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

const validators = new Map<string, Validator>();

function validatorFor(schema: { $ref: string } | { type: 'array'; items: { $ref: string } }): Validator {
  const key = JSON.stringify(schema);
  let validator = validators.get(key);
  if (!validator) {
    validator = new Validator({ ...schema, $defs: contractSchemas.$defs }, '2020-12', true);
    validators.set(key, validator);
  }
  return validator;
}

const ref = (name: DecodedSchemaName) => ({ $ref: `#/$defs/${name}` });

/** `value` checked against the contract schema `name`; throws ContractMismatch when it is not one. */
export function decode<N extends DecodedSchemaName>(name: N, value: unknown): Decoded<N> {
  const result = validatorFor(ref(name)).validate(value);
  if (!result.valid) throw new ContractMismatch(name, result.errors);
  return value as Decoded<N>;
}

/** `value` checked as a list of `name`. */
export function decodeList<N extends DecodedSchemaName>(name: N, value: unknown): Decoded<N>[] {
  const result = validatorFor({ type: 'array', items: ref(name) }).validate(value);
  if (!result.valid) throw new ContractMismatch(`${name}[]`, result.errors);
  return value as Decoded<N>[];
}

/** Whether `value` is a `name`, for answers the web skips rather than fails on. */
export function matches<N extends DecodedSchemaName>(name: N, value: unknown): value is Decoded<N> {
  return validatorFor(ref(name)).validate(value).valid;
}
