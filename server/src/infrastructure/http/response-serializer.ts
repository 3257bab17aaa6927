import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A JSON Schema without its `additionalProperties: false` (which only the output side of an object states). */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}

/**
 * The JSON Schema of what a response schema writes, when the handler's value is written as it is: no
 * transform, codec or default, so the schema reads the same as input and as output. Otherwise undefined.
 */
export function plainJsonSchema(schema: unknown): object | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const { $schema: _output, ...output } = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
    const { $schema: _input, ...input } = z.toJSONSchema(schema, { io: 'input', target: 'draft-07' });
    return isDeepStrictEqual(openObjects(input), openObjects(output)) ? output : undefined;
  } catch {
    // Unrepresentable in JSON Schema (a date, a transform): zod writes it.
    return undefined;
  }
}

/**
 * Response serialisation (decision 0016). Without `validate`, fast-json-stringify, compiled from the
 * route's contract schema, writes the response: only declared properties, a missing required one is an
 * error, but values are not checked against the schema — zod's check cost several times the writing itself
 * (~34 µs of ~42 for the 25-customer list). With `validate` (the tests), zod checks every response and
 * writes it, and the fast writer must produce the same bytes, so the suite proves both.
 */
export function responseSerializerCompiler(options: {
  validate: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const jsonSchema = plainJsonSchema(route.schema);
    if (!jsonSchema) return zodSerializer;
    const fastSerializer = fastJson(jsonSchema);
    if (!options.validate) return fastSerializer;
    return (data: unknown) => {
      const checked = zodSerializer(data);
      const fast = fastSerializer(data);
      if (fast !== checked)
        throw new Error(`${route.method} ${route.url}: the fast writer wrote ${fast}, zod wrote ${checked}`);
      return checked;
    };
  };
}
