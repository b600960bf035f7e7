/**
 * The saved connections (an accountant serves several companies): label, environment, base URL
 * and persistence, kept per user in `UserStorage`, never in the workbook (whose settings travel
 * inside the file). The token is never part of this list: it lives in the `TokenStore`, keyed
 * by the origin of the base URL, so it is only ever sent to the host it was saved for.
 *
 * One token per origin is the TokenStore's rule: two saved connections on the same host share
 * the slot, and the screen says so before one replaces the other's token.
 */
import { z } from "zod";
import { normalizeBaseUrl, type TokenStore, type UserStorage } from "../../api";
import type { ConnectionInput, ConnectionServices, ConnectionsState, SavedConnection } from "./services";

export const CONNECTIONS_KEY = "valepix.connections.v1";

const Saved = z.object({
  id: z.string().min(1),
  label: z.string(),
  environment: z.enum(["production", "sandbox", "custom"]),
  baseUrl: z.string(),
  persistence: z.enum(["device", "session"]),
});
const Stored = z.object({
  version: z.literal(1),
  activeId: z.string().optional(),
  connections: z.array(Saved),
});
type Stored = z.infer<typeof Stored>;

/** Why a connection could not be saved; the screen shows the matching field message. */
export class ConnectionInputError extends Error {
  override name = "ConnectionInputError";
  constructor(
    readonly field: "label" | "baseUrl" | "token",
    readonly reason: "required" | "invalid" | "http",
  ) {
    super(`connection ${field}: ${reason}`);
  }
}

/** The origin a token is kept for ("https://api.example.com"); throws ConnectionInputError. */
export function originOf(baseUrl: string): string {
  if (baseUrl.trim() === "") throw new ConnectionInputError("baseUrl", "required");
  try {
    return new URL(normalizeBaseUrl(baseUrl)).origin;
  } catch (e) {
    const http = e instanceof TypeError && /plain http/.test(e.message);
    throw new ConnectionInputError("baseUrl", http ? "http" : "invalid");
  }
}

export type CheckBalance = (
  baseUrl: string,
  getToken: () => Promise<string>,
  signal: AbortSignal,
) => Promise<{ availableCents: number }>;

export class ConnectionStore implements ConnectionServices {
  constructor(
    private readonly storage: UserStorage,
    private readonly tokens: TokenStore,
    private readonly checkBalance: CheckBalance,
    private readonly newId: () => string = () => globalThis.crypto.randomUUID(),
  ) {}

  private async read(): Promise<Stored> {
    const raw = await this.storage.getItem(CONNECTIONS_KEY);
    if (raw === null) return { version: 1, connections: [] };
    try {
      const parsed = Stored.safeParse(JSON.parse(raw));
      // An unreadable list is started afresh rather than blocking the pane: it holds no secret.
      return parsed.success ? parsed.data : { version: 1, connections: [] };
    } catch {
      return { version: 1, connections: [] };
    }
  }

  private async write(stored: Stored): Promise<void> {
    await this.storage.setItem(CONNECTIONS_KEY, JSON.stringify(stored));
  }

  async load(): Promise<ConnectionsState> {
    const stored = await this.read();
    const withToken: string[] = [];
    for (const connection of stored.connections) {
      if ((await this.tokens.get(originOf(connection.baseUrl))) !== undefined) withToken.push(connection.id);
    }
    const activeId = stored.connections.some((c) => c.id === stored.activeId) ? stored.activeId : undefined;
    return { connections: stored.connections, activeId, withToken };
  }

  async save(input: ConnectionInput): Promise<SavedConnection> {
    const label = input.label.trim();
    if (label === "") throw new ConnectionInputError("label", "required");
    const origin = originOf(input.baseUrl);
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    const token = input.token?.trim() ?? "";
    if (token === "" && (await this.tokens.get(origin)) === undefined)
      throw new ConnectionInputError("token", "required");
    const stored = await this.read();
    const saved: SavedConnection = {
      id: input.id ?? this.newId(),
      label,
      environment: input.environment,
      baseUrl,
      persistence: input.persistence,
    };
    if (token !== "") await this.tokens.set(origin, token, input.persistence);
    const i = stored.connections.findIndex((c) => c.id === saved.id);
    if (i >= 0) stored.connections[i] = saved;
    else stored.connections.push(saved);
    stored.activeId = saved.id;
    await this.write(stored);
    return saved;
  }

  async activate(id: string): Promise<void> {
    const stored = await this.read();
    if (!stored.connections.some((c) => c.id === id)) throw new Error(`no saved connection ${id}`);
    stored.activeId = id;
    await this.write(stored);
  }

  async remove(id: string): Promise<void> {
    const stored = await this.read();
    const gone = stored.connections.find((c) => c.id === id);
    if (!gone) return;
    stored.connections = stored.connections.filter((c) => c.id !== id);
    if (stored.activeId === id) delete stored.activeId;
    await this.write(stored);
    const origin = originOf(gone.baseUrl);
    // The token goes with the last connection that uses its origin.
    if (!stored.connections.some((c) => originOf(c.baseUrl) === origin)) await this.tokens.remove(origin);
  }

  async signOut(id: string): Promise<void> {
    const connection = (await this.read()).connections.find((x) => x.id === id);
    if (connection) await this.tokens.remove(originOf(connection.baseUrl));
  }

  async test(id: string, signal: AbortSignal): Promise<{ availableCents: number }> {
    const connection = (await this.read()).connections.find((x) => x.id === id);
    if (!connection) throw new Error(`no saved connection ${id}`);
    const origin = originOf(connection.baseUrl);
    return this.checkBalance(
      connection.baseUrl,
      async () => {
        const token = await this.tokens.get(origin);
        if (token === undefined) throw new ConnectionInputError("token", "required");
        return token;
      },
      signal,
    );
  }
}
