/** JSON as it crosses every boundary of Backforge: HTTP, NATS, the sandbox bridge, the event log. */
export type JsonPrimitive = null | boolean | number | string;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
