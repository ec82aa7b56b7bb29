/**
 * Redaction of credentials for logs. Two nets, so either one alone catches a leak:
 * - by name: the values of credential-bearing query parameters (the same list as libs/messaging's
 *   `redactUrl`) and of `Authorization` and `Cookie`/`Set-Cookie` headers;
 * - by shape: anything that looks like one of our platform tokens or agent keys (`bfp_…`, `bfk_…`,
 *   also mistyped or truncated ones) or a JWS/JWT (`eyJ….….…`, our signed tokens), wherever it appears.
 * All patterns are linear (no nested quantifiers), so a hostile log line cannot stall the logger.
 */
export const REDACTED = '[REDACTED]';

/** Query parameters whose value is a credential (signed download/stream tokens, keys). */
export const SECRET_QUERY_PARAMETER = /^(token|access_token|key|api_key|apikey|signature|sig|secret|password)$/i;

/**
 * Our typed secrets by shape, from 9 characters after the type prefix: the display prefix shown in
 * key lists (type + 8) stays readable; anything longer is (part of) a secret. The type is kept.
 */
const TYPED_SECRET = /(bf[pk]_)[0-9A-Za-z]{9,}/g;
/** Runs of base64url-and-dot characters: where a compact JWS can hide. Matched without backtracking. */
const JWS_ALPHABET_RUN = /[A-Za-z0-9_.-]{24,}/g;
/** `Authorization: Bearer x`, `authorization=x`, `"authorization":"Basic x"`: the scheme kept, the credential not. */
const AUTHORIZATION = /(\b(?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic|digest|token|apikey)\s+)?[^\s"',;&]+/gi;
/** `Cookie: a=b; c=d` and `Set-Cookie: …` (the dashboard session is a credential): the whole value, to the line's end. */
const COOKIE = /(\b(?:set-)?cookie["']?\s*:\s*["']?)[^\r\n"']+/gi;
/** A `name=value` pair in a query string inside free text (after `?`, `&` or `;`). */
const QUERY_PAIR = /([?&;])([^=&#?\s"'<>]{1,64})=([^&#\s"'<>]*)/g;

/** A URL or path with query safe to log: credential query values replaced, token-shaped values anywhere too. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactShapes(url);
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_QUERY_PARAMETER.test(decodeSafe(name)) ? `${name}=${REDACTED}` : pair;
    });
  return redactShapes(`${url.slice(0, q)}?${params.join('&')}`);
}

/**
 * Any text (a log message, an error message, a header dump) with credentials replaced: credential
 * query parameters, Authorization and Cookie header values, our tokens and keys, and JWS/JWT strings.
 */
export function redactSecrets(text: string): string {
  const byName = text
    .replace(AUTHORIZATION, (_m, lead: string, scheme: string | undefined) => `${lead}${scheme ? `${scheme} ` : ''}${REDACTED}`)
    .replace(COOKIE, (_m, lead: string) => `${lead}${REDACTED}`)
    .replace(QUERY_PAIR, (pair, sep: string, name: string) => (SECRET_QUERY_PARAMETER.test(decodeSafe(name)) ? `${sep}${name}=${REDACTED}` : pair));
  return redactShapes(byName);
}

/** The value of an Authorization header as it may be logged: the scheme, never the credential. */
export function redactAuthorization(value: string): string {
  const space = value.indexOf(' ');
  return space > 0 && space <= 16 ? `${value.slice(0, space)} ${REDACTED}` : REDACTED;
}

function redactShapes(text: string): string {
  return text.replace(TYPED_SECRET, (_m, prefix: string) => `${prefix}${REDACTED}`).replace(JWS_ALPHABET_RUN, redactCompactJws);
}

/**
 * A compact JWS/JWT: a base64url JSON header (always `eyJ`, from `{"`) of 16+ characters, then two
 * more dot-separated parts. Found by scanning, not by one regex: `eyJ[…]+\.` over a long run of
 * `eyJ-eyJ-…` would backtrack quadratically. From the header to the end of the run is replaced.
 */
function redactCompactJws(run: string): string {
  let from = run.indexOf('eyJ');
  while (from >= 0) {
    const startsPart = from === 0 || run[from - 1] === '.' || run[from - 1] === '-';
    const firstDot = run.indexOf('.', from);
    if (startsPart && firstDot - from >= 16 && run.indexOf('.', firstDot + 1) > firstDot) return `${run.slice(0, from)}${REDACTED}`;
    if (firstDot < 0) return run;
    from = run.indexOf('eyJ', from + 3);
  }
  return run;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
