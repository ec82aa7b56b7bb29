// @backforge/auth: platform tokens and agent API keys (format, checksum, keyed digest), signed
// download/stream tokens with a rotating keyring, and redaction of all of them for logs.
// Pure functions over node:crypto; no I/O. Formats and choices: docs/decisions.md, "Auth".
export {
  AGENT_KEY_PREFIX,
  PLATFORM_TOKEN_PREFIX,
  SECRET_LENGTH,
  bearerCredential,
  digestSecret,
  generateAgentKey,
  generatePlatformToken,
  parseAgentKey,
  parsePlatformToken,
  safeEqual,
} from './secrets.js';
export type { DigestKey, IssuedAgentKey, IssuedPlatformToken, ParsedSecret, SecretLabel, SecretRefusal } from './secrets.js';
export { AuthConfigError, MIN_SECRET_BYTES, generateKeyringSpec, generateSecret, parseKeyring, parseSecretKey } from './keyring.js';
export type { Keyring } from './keyring.js';
export {
  DEFAULT_CLOCK_SKEW_SECONDS,
  MAX_SIGNED_TOKEN_LENGTH,
  MAX_SIGNED_TOKEN_TTL_SECONDS,
  SIGNED_TOKEN_ALGORITHM,
  signToken,
  verifyToken,
} from './signed-token.js';
export type {
  DownloadTokenSubject,
  ExpectedToken,
  SignTokenRequest,
  SignedToken,
  SignedTokenClaims,
  SignedTokenPurpose,
  SignedTokenSubject,
  StreamTokenSubject,
  TokenFailureReason,
  VerifyTokenOptions,
  VerifyTokenResult,
} from './signed-token.js';
export { REDACTED, SECRET_QUERY_PARAMETER, redactAuthorization, redactSecrets, redactUrl } from './redact.js';
