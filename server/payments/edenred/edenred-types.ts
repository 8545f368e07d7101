/**
 * The Edenred adapter's contract: OpenID Connect (login of the customer's Edenred account), Direct
 * Payment v2 (balance, transactions paid from that account) and the payment widget. The real
 * Edenred and the sandbox emulator (server/sandbox/edenred.routes.ts) answer the same calls.
 * Amounts are in cents.
 */

export interface EdenredTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  /** Seconds the access token lives, as the token endpoint says (expires_in). */
  expiresIn: number;
}

export interface EdenredUser {
  /** The OpenID subject. */
  sub: string;
  /** The name Direct Payment knows the user by (`/users/{username}/balances`). */
  username: string;
  email: string | null;
}

/** A Direct Payment transaction. 'authorized' holds the money (manual capture); 'captured' took it. */
export type EdenredTransactionStatus = 'authorized' | 'captured' | 'cancelled' | 'refunded';

export interface EdenredTransaction {
  authorizationId: string;
  status: EdenredTransactionStatus;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
}

/** A widget session: what the browser needs to load the widget for one payment. */
export interface EdenredWidgetSession {
  sessionId: string;
  scriptUrl: string;
}

/** A widget payment as the provider knows it ('pending': authorized, confirmation still awaited). */
export interface EdenredWidgetPayment {
  sessionId: string;
  orderRef: string;
  amount: number;
  status: 'open' | 'pending' | 'succeeded' | 'failed';
  authorizationId: string | null;
  errorText: string | null;
}

export interface EdenredClient {
  /** The authorization URL (response_type=code, scopes `openid edg-xp-mealdelivery-api offline_access`, PKCE S256). */
  authorizeUrl(input: { state: string; nonce: string; codeChallenge: string; redirectUri: string }): string;
  /** Exchanges an authorization code (with its PKCE verifier); checks the id_token's iss, aud, exp and nonce. */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string; nonce: string }): Promise<EdenredTokens>;
  refresh(refreshToken: string): Promise<EdenredTokens>;
  userinfo(accessToken: string): Promise<EdenredUser>;
  /** Ends the provider session (endsession with id_token_hint); tokens stop working. */
  endSession(idToken: string | null, accessToken: string): Promise<void>;

  /** GET /users/{username}/balances → data.available_amount. */
  balance(accessToken: string, username: string): Promise<number>;
  /** POST /transactions {mid, order_ref, amount, capture_mode, tstamp}. */
  createTransaction(accessToken: string, input: { orderRef: string; amount: number; capture: 'auto' | 'manual' }): Promise<EdenredTransaction>;
  /** A transaction as Edenred has it now (after an action whose answer says it was done already). */
  transaction(authorizationId: string, accessToken?: string): Promise<EdenredTransaction>;
  capture(authorizationId: string, amount: number, accessToken?: string): Promise<EdenredTransaction>;
  cancel(authorizationId: string, accessToken?: string): Promise<EdenredTransaction>;
  refund(authorizationId: string, amount: number, accessToken?: string): Promise<EdenredTransaction>;

  /** Opens a widget session for one payment (server to server, client credentials). */
  createWidgetSession(input: { orderRef: string; amount: number }): Promise<EdenredWidgetSession>;
  /** What became of a widget payment, from the payload the widget gave the browser (never trusted as such). */
  widgetPayment(payload: string): Promise<EdenredWidgetPayment>;
  /** The same, by session id (server to server, client credentials): polled until the payment settles. */
  widgetSession(sessionId: string): Promise<EdenredWidgetPayment>;
}

/**
 * A failure talking to Edenred. `code` is Edenred's first `meta.messages[].code` (LIMIT_EXCEEDED,
 * INSUFFICIENT_FUNDS, TRANSACTION_DUPLICATED, INVALID_TOKEN…), an OAuth `error` (invalid_grant…),
 * or ours ('timeout', 'network', 'invalid_response', 'invalid_id_token').
 */
export class EdenredError extends Error {
  status?: number;
  code?: string;

  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EdenredError';
    if (options.status !== undefined) this.status = options.status;
    if (options.code !== undefined) this.code = options.code;
  }
}

