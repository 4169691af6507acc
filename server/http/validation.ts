/**
 * Request validation. Bodies are checked strictly: no type coercion and no silent removal of
 * unknown fields, so `{"name": 5}` or an extra field is a 400, not a quiet change. Params and
 * query strings arrive as text and are coerced to the declared types.
 */
import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';

const common: Options = { allErrors: false, strict: true, messages: true };

export function registerValidation(app: FastifyInstance): void {
  const strict = new Ajv({ ...common, coerceTypes: false, removeAdditional: false, useDefaults: true });
  const coercing = new Ajv({ ...common, coerceTypes: true, removeAdditional: false, useDefaults: true });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as FastifySchema & object);
  });
}
