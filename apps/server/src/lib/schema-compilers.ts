import type { FastifySerializerCompiler, FastifyServerOptions } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";

type CompilersFactory = NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"];

/**
 * Fastify's schema compilers for an app whose routes are validated by their zod schemas. Given as the
 * compilers' factories, Fastify never loads its default JSON Schema ones (Ajv: a twentieth of a second
 * of every start). Fastify types these factories as Ajv's and fast-json-stringify's; the zod validator
 * and a serializer compiler have the same call shape.
 */
export function schemaCompilers(serializerCompiler: FastifySerializerCompiler<unknown>): CompilersFactory {
  return {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory;
}
