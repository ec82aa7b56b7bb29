import { singular, splitIdentifier } from '../text.js';

/**
 * Stage 1a: endpoints written as HTTP routes. People who write a spec often list the API they want
 * as routes ("POST /campaigns, GET /campaigns?status=", "POST /jobs/{id}/start"). Each route says
 * an action in the words the next stages read: a POST to a collection creates one, a GET lists
 * them (by the query's fields), a GET of one finds it (by the path's field when it is not the id),
 * PUT/PATCH updates, DELETE deletes, and a POST to a verb under one record does that verb to it.
 */

/**
 * A step written with its states, "(from booked to out)": how a route's step here and a lifecycle's step
 * (stages/lifecycle.ts) are said, and what the action phrasing "a step with its states in parentheses" reads.
 */
export const stepNote = (from: string, to: string): string => `(from ${from} to ${to})`;

/** The verb an HTTP method says when it stands alone over what it does ("GET    one batch by batch code"). */
export const METHOD_VERBS: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
const METHOD = `(?:${Object.keys(METHOD_VERBS).join('|')})`;
/** "POST /jobs/{id}/start", "GET/POST /clients", "POST/GET horses", "GET /tests?vehicle=...". */
const ROUTE = new RegExp(
  `\\b(${METHOD}(?:\\s*\\/\\s*${METHOD})*)\\s+(\\/?)([a-z][a-z0-9_-]*)((?:\\/(?:\\{[^}\\s]+\\}|:[a-z]\\w*|[a-z][a-z0-9_-]*))*)\\/?((?:\\?[^\\s,;]*)?)`,
  'g',
);

/** A route's path after its collection: a record's key ("{id}", ":registration") and a verb after it. */
function pathParts(path: string): { key?: string; verb?: string } {
  // ("/tents/by-code/:code": the field the record is found by, named before its key)
  // ("/generators/serial/{serial}": so is the field named before a key of the same name)
  const keyAfter = (all: string[]): string => (all[1] ?? '').replace(/^[{:]|\}$/g, '').toLowerCase();
  const parts = path.split('/').filter(Boolean).filter((p, k, all) => !(k === 0 && all[1] !== undefined && /^(?:\{.+\}|:.+)$/.test(all[1]) && (/^by[-_][a-z]+$/i.test(p) || p.toLowerCase().replace(/[-_]/g, '') === keyAfter(all).replace(/[-_]/g, ''))));
  const key = parts[0] && /^(?:\{.+\}|:.+)$/.test(parts[0]) ? parts[0].replace(/^[{:]|\}$/g, '') : undefined;
  const verb = key !== undefined && parts[1] && /^[a-z][a-z-]*$/.test(parts[1]) ? parts[1] : undefined;
  return { ...(key !== undefined ? { key } : {}), ...(verb !== undefined ? { verb } : {}) };
}

/** "?client=&stage=", "?status=" and what follows the route ("(GET supports ?client= and ?stage=)", "filtered by status and customer"). */
function filtersOf(query: string, after: string): string[] {
  const named = [...`${query} ${after}`.matchAll(/[?&]([a-z][a-z0-9_]*)=/gi)].map((m) => (m[1] as string).replace(/_/g, ' '));
  const said = /^\s*(?:[-–—:(]\s*)?(?:filtered|filterable|searchable)?\s*by\s+([a-z][a-z ,]*?)(?:\)|$)/i.exec(after)?.[1];
  const words = said ? said.split(/\s*,\s*|\s+and\s+|\s+or\s+/).filter(Boolean) : [];
  return [...new Set([...named, ...words])];
}

/** One action, in words, per method of a route. */
function routeActions(methods: string[], collection: string, path: string, query: string, after: string): string[] {
  const one = singular(collection.replace(/[_-]/g, ' '));
  const many = collection.replace(/[_-]/g, ' ');
  const { key, verb } = pathParts(path);
  const article = /^[aeiou]/.test(one) ? 'an' : 'a';
  return methods.map((method) => {
    if (verb) return `${verb.replace(/-/g, ' ')} ${article} ${one}`;
    if (key !== undefined) {
      // ("{jobNo}", "{serial_no}": the key's words)
      if (method === 'GET') return key === 'id' ? `show ${article} ${one}` : `find ${article} ${one} by ${splitIdentifier(key.replace(/_/g, ' ')).join(' ')}`;
      // (PUT, PATCH, and a POST to one record with no verb after it, change it)
      return method === 'DELETE' ? `delete ${article} ${one}` : `update ${article} ${one}`;
    }
    if (method === 'POST') return `create ${article} ${one}`;
    if (method === 'GET') {
      const by = filtersOf(query, after);
      return by.length ? `list ${many} by ${by.join(' and ')}` : `list ${many}`;
    }
    return `update ${many}`;
  });
}

/**
 * A line holding routes, as the lines that say their actions (a bullet stays a bullet); the
 * line unchanged when it holds none. What follows a route's verb in arrows ("(booked -> in
 * progress)") is kept beside it: it says which states the step moves between.
 */
export function endpointLines(line: string): string[] {
  // ("GET supports ?client=": a method word without a path is no route; "POST/GET horses" is one)
  const routes = [...line.matchAll(ROUTE)].filter((m) => m[2] === '/' || (m[1] as string).includes('/'));
  if (routes.length === 0) return [line];
  const lead = /^\s*(?:[-*•+]\s+|\d{1,2}[.)]\s+)?/.exec(line)?.[0] ?? '';
  const bullet = /[-*•+]|\d/.test(lead) ? lead : `${lead}- `;
  const out: string[] = [];
  routes.forEach((m, k) => {
    const end = m.index + m[0].length;
    const after = line.slice(end, routes[k + 1]?.index ?? line.length).replace(/^[\s,;]+|[\s,;]+$/g, '');
    const methods = (m[1] as string).split(/\s*\/\s*/);
    const [collection, path, query] = [m[3] as string, m[4] as string, m[5] as string];
    // (said as the step it is, "(from booked to in progress)", read as that move whatever the verb)
    const moves = /^\(?\s*([a-z][a-z ]*?)\s*(?:->|→)\s*([a-z][a-z ]*?)\s*\)?$/i.exec(after);
    const verb = pathParts(path).verb;
    for (const action of routeActions(methods, collection, path, query, after)) out.push(`${bullet}${action}${moves && verb ? ` ${stepNote(moves[1] as string, moves[2] as string)}` : ''}`);
  });
  return out;
}

const ROUTE_LINE = new RegExp(`^\\s*(?:[-*•]\\s+)?${METHOD}\\s+\\/`);

/**
 * "Claim" over its fields, a blank line, then "POST /claims ...": routes after a gap with no label over
 * them are labelled "Endpoints:", so they are not read as more of the fields above.
 */
export function labelledRoutes(text: string): string {
  const lines = text.split('\n');
  return lines
    .map((l, k) => {
      if (!ROUTE_LINE.test(l) || k < 2 || (lines[k - 1] as string).trim() !== '') return l;
      const above = lines.slice(0, k - 1).reverse().find((x) => x.trim() !== '') ?? '';
      return ROUTE_LINE.test(above) || /:\s*$|^\s*#/.test(above) ? l : `Endpoints:\n${l}`;
    })
    .join('\n');
}
