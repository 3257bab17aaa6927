import type { Config } from '../../../infrastructure/config/config.ts';
import { invalidParameter, resourceNotFound } from '../errors.ts';

export type RequestBody = Record<string, unknown>;

const camel = (member: string) => member.charAt(0).toLowerCase() + member.slice(1);

/** A required string member; AWS's own validation wording when it is missing or not a string. */
export function requiredString(body: RequestBody, member: string): string {
  const value = body[member];
  if (value === undefined || value === null) {
    throw invalidParameter(
      `1 validation error detected: Value null at '${camel(member)}' failed to satisfy constraint: Member must not be null`,
    );
  }
  if (typeof value !== 'string') {
    throw invalidParameter(`Invalid value for member '${member}': expected a string`);
  }
  return value;
}

/**
 * A required string member that must not be blank, checked before anything is counted: a confirmation
 * code or a password (SPEC §5: an empty confirmation code is rejected). AWS's own validation wording:
 * length at least 1, pattern `[\S]+` (COGNITO.md §1.3).
 */
export function requiredNonBlankString(body: RequestBody, member: string): string {
  const value = requiredString(body, member);
  if (value === '') {
    throw invalidParameter(
      `1 validation error detected: Value at '${camel(member)}' failed to satisfy constraint: Member must have length greater than or equal to 1`,
    );
  }
  if (value.trim() === '') {
    throw invalidParameter(
      `1 validation error detected: Value at '${camel(member)}' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\S]+`,
    );
  }
  return value;
}

export function optionalString(body: RequestBody, member: string): string | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw invalidParameter(`Invalid value for member '${member}': expected a string`);
  return value;
}

export function optionalBoolean(body: RequestBody, member: string): boolean | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean')
    throw invalidParameter(`Invalid value for member '${member}': expected a boolean`);
  return value;
}

/** A string-to-string map such as AuthParameters or ChallengeResponses (absent: empty). */
export function stringMap(body: RequestBody, member: string): Record<string, string> {
  const value = body[member];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParameter(`Invalid value for member '${member}': expected a map`);
  }
  for (const entry of Object.values(value)) {
    if (typeof entry !== 'string') throw invalidParameter(`Invalid value in '${member}': expected strings`);
  }
  return value as Record<string, string>;
}

/** A required entry of AuthParameters / ChallengeResponses. */
export function requiredEntry(map: Record<string, string>, name: string): string {
  const value = map[name];
  if (value === undefined || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

export interface AttributeInput {
  Name: string;
  Value: string;
}

/** A [{Name, Value}] list (UserAttributes). */
export function attributeList(body: RequestBody, member: string): AttributeInput[] {
  const value = body[member];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidParameter(`Invalid value for member '${member}': expected a list`);
  return value.map((entry) => {
    if (
      typeof entry !== 'object' ||
      entry === null ||
      typeof entry.Name !== 'string' ||
      (entry.Value !== undefined && typeof entry.Value !== 'string')
    ) {
      throw invalidParameter(`Invalid value in '${member}': expected {Name, Value} entries`);
    }
    return { Name: entry.Name, Value: entry.Value ?? '' };
  });
}

/** The app client of a public operation must be ours (no client secret, as Amplify needs). */
export function requireClient(config: Config, body: RequestBody): string {
  const clientId = requiredString(body, 'ClientId');
  if (clientId !== config.COGNITO_CLIENT_ID)
    throw resourceNotFound(`User pool client ${clientId} does not exist.`);
  return clientId;
}

/** The pool of an admin operation must be ours. */
export function requirePool(config: Config, body: RequestBody): void {
  const poolId = requiredString(body, 'UserPoolId');
  if (poolId !== config.COGNITO_USER_POOL_ID) throw resourceNotFound(`User pool ${poolId} does not exist.`);
}
