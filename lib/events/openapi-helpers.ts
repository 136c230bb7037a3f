// Building blocks of the OpenAPI document: the error shape, parameters and the usual responses.

export type JsonSchema = Record<string, unknown>;

export const errorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: { type: "string" },
    field: { type: "string", description: "the field or query parameter the refusal is about, when there is one" },
    errors: {
      type: "array",
      items: { type: "object", properties: { index: { type: "integer" }, path: { type: "string" }, message: { type: "string" } } },
    },
  },
};

export const failure = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
export const ok = (description: string) => ({ description, content: { "application/json": { schema: { type: "object" } } } });
export const idParam = (what: string) => ({ name: "id", in: "path", required: true, schema: { type: "string" }, description: `the ${what}'s id` });
export const queryParam = (name: string, description: string, schema: JsonSchema = { type: "string" }) => ({ name, in: "query", required: false, schema, description });
export const readResponses = (what: string) => ({ 200: ok(what), 400: failure("a query parameter is invalid"), 401: failure("no or invalid credentials"), 403: failure("missing scope read"), 404: failure("not found") });
