/**
 * Bearer tokens, issued out of band per company ("Authentication" §2), stored as sha256 hashes
 * with a short hint for operators: never in plain text, never logged (§5).
 */
import { createHash, randomBytes } from "node:crypto";
import { SandboxError } from "../errors";
import type { Companies } from "./companies";
import type { StoreContext } from "./context";
import type { TokenRow } from "./rows";

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
/** What may be shown of a token: its first 6 characters. */
const tokenHint = (token: string) => `${token.slice(0, 6)}…`;
const newToken = () => `vpx_${randomBytes(24).toString("base64url")}`;

export interface TokenInfo {
  companyId: string;
  hash: string;
}

export interface IssueTokenOptions {
  /** Plain token to register; a random one is generated when absent. */
  token?: string | undefined;
  /** Epoch ms after which the token is refused (401); none = no expiry. */
  expiresAt?: number | null | undefined;
  revoked?: boolean | undefined;
}

export type TokenListing = Pick<TokenRow, "hint" | "company_id" | "status" | "expires_at">;

export class Tokens {
  constructor(
    private readonly ctx: StoreContext,
    private readonly companies: Companies,
  ) {}

  /** Registers a token (stored as its sha256 hash) for a company, creating the company if new. */
  issue(companyId: string, options: IssueTokenOptions = {}): string {
    const token = options.token ?? newToken();
    this.companies.ensure(companyId);
    const now = this.ctx.now();
    const status = options.revoked ? "revoked" : "active";
    this.ctx.db
      .prepare(
        `INSERT INTO tokens (hash, company_id, hint, status, created_at, expires_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (hash) DO UPDATE SET company_id = excluded.company_id, status = excluded.status,
           expires_at = excluded.expires_at, revoked_at = excluded.revoked_at`,
      )
      .run(
        hashToken(token),
        companyId,
        tokenHint(token),
        status,
        now,
        options.expiresAt ?? null,
        options.revoked ? now : null,
      );
    return token;
  }

  /** Revokes a token; false when it was not known. */
  revoke(token: string): boolean {
    const r = this.ctx.db
      .prepare("UPDATE tokens SET status = 'revoked', revoked_at = ? WHERE hash = ?")
      .run(this.ctx.now(), hashToken(token));
    return r.changes > 0;
  }

  list(): TokenListing[] {
    return this.ctx.db
      .prepare<[], TokenListing>(
        "SELECT hint, company_id, status, expires_at FROM tokens ORDER BY company_id, created_at",
      )
      .all();
  }

  /** The company of an active, unexpired token; 401 otherwise ("Authentication" §3). */
  authenticate(token: string | undefined): TokenInfo {
    if (!token) throw new SandboxError(401, "unauthorized", "Missing bearer token");
    const hash = hashToken(token);
    const row = this.ctx.db.prepare<[string], TokenRow>("SELECT * FROM tokens WHERE hash = ?").get(hash);
    if (!row || row.status !== "active" || (row.expires_at != null && this.ctx.now() >= row.expires_at)) {
      throw new SandboxError(401, "unauthorized", "Invalid, expired or revoked token");
    }
    return { companyId: row.company_id, hash };
  }
}
