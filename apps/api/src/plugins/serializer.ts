import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type z } from 'zod';

type Serializer = (data: unknown) => string;

/**
 * Response serialisation compiled once per route and status: the response's zod schema becomes a JSON
 * Schema (its output side, as the API reference shows it) and fast-json-stringify turns that into a
 * stringifier, which is what Fastify does for routes declared with JSON Schema. zod no longer runs on every
 * reply (fastify-type-provider-zod's serializer parses each answer with zod, then JSON.stringify).
 *
 * As with zod, only declared properties are written (a stray column or secret stays out). A schema
 * JSON Schema cannot express (transforms, codecs, dates as Date) keeps zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  // Built on the route's first answer with that status: Fastify asks for every route and status at start,
  // and most error statuses of most routes are never sent (each stringifier is generated code, kept for
  // the process's life).
  let serialize: Serializer | undefined;
  return (data: unknown) => {
    serialize ??= compileSerializer(route);
    return serialize(data);
  };
};

function compileSerializer(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): Serializer {
  const zodSerializer = zodSerializerCompiler(route) as Serializer;
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = toJSONSchema(route.schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    });
  } catch {
    return zodSerializer;
  }
  try {
    const stringify = fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
    return (data: unknown) => stringify(data);
  } catch {
    return zodSerializer;
  }
}
