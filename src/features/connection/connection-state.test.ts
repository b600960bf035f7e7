/** The Connection screen's flow without rendering: each action moves the state. */
import {
  type ConnectionAction,
  type ConnectionState,
  connectionReducer,
  initialState,
  sharedWith,
  tokenKept,
} from "./connection-state";
import type { ConnectionsState, SavedConnection } from "./services";

const acme: SavedConnection = {
  id: "c1",
  label: "Acme",
  environment: "production",
  baseUrl: "https://api.acme.com.br",
  persistence: "device",
};
const beta: SavedConnection = {
  id: "c2",
  label: "Beta",
  environment: "custom",
  baseUrl: "https://beta.example.com",
  persistence: "session",
};
const none: ConnectionsState = { connections: [], activeId: undefined, withToken: [] };
const two: ConnectionsState = { connections: [acme, beta], activeId: "c1", withToken: ["c1"] };

const run = (actions: ConnectionAction[], from: ConnectionState = initialState) =>
  actions.reduce(connectionReducer, from);

describe("connection state", () => {
  it("opens an empty form when nothing is saved, and none when something is", () => {
    expect(run([{ type: "loaded", saved: none }]).draft).toEqual({
      label: "",
      environment: "production",
      baseUrl: "",
      persistence: "device",
      token: "",
    });
    expect(run([{ type: "loaded", saved: two }]).draft).toBeUndefined();
  });

  it("keeps what is being typed when the list is read again", () => {
    const s = run([
      { type: "loaded", saved: none },
      { type: "edited", patch: { label: "Acme", token: "tok_1" } },
      { type: "loaded", saved: none },
    ]);
    expect(s.draft).toMatchObject({ label: "Acme", token: "tok_1" });
  });

  it("edits a saved connection with an empty token field and clears earlier errors", () => {
    const s = run([
      { type: "loaded", saved: two },
      { type: "opened" },
      { type: "rejected", field: "label", text: "Dê um nome à conexão." },
      { type: "opened", connection: acme },
    ]);
    expect(s.errors).toEqual({});
    expect(s.draft).toEqual({ ...acme, token: "" });
    expect(tokenKept(s)).toBe(true);
    expect(tokenKept(run([{ type: "opened", connection: beta }], s))).toBe(false);
    expect(tokenKept(run([{ type: "opened" }], s))).toBe(false);
  });

  it("fills in the sandbox address only when none was typed", () => {
    const sandbox = {
      type: "environmentChosen",
      environment: "sandbox",
      sandboxUrl: "http://127.0.0.1:4010",
    } as const;
    const empty = run([{ type: "opened" }, sandbox]);
    expect(empty.draft).toMatchObject({ environment: "sandbox", baseUrl: "http://127.0.0.1:4010" });
    const typed = run([
      { type: "opened" },
      { type: "edited", patch: { baseUrl: "https://x.test" } },
      sandbox,
    ]);
    expect(typed.draft).toMatchObject({ environment: "sandbox", baseUrl: "https://x.test" });
    const custom = run([{ type: "opened" }, { ...sandbox, environment: "custom" }]);
    expect(custom.draft).toMatchObject({ environment: "custom", baseUrl: "" });
  });

  it("ignores edits with no form open", () => {
    const s = run([
      { type: "edited", patch: { token: "tok_1" } },
      { type: "environmentChosen", environment: "sandbox", sandboxUrl: "http://127.0.0.1:4010" },
    ]);
    expect(s).toEqual(initialState);
  });

  it("shows one field error at a time and clears them when the form is sent again", () => {
    const s = run([
      { type: "opened" },
      { type: "rejected", field: "baseUrl", text: "Use https" },
      { type: "rejected", field: "token", text: "Cole o token da API." },
    ]);
    expect(s.errors).toEqual({ token: "Cole o token da API." });
    expect(run([{ type: "submitted" }], s).errors).toEqual({});
  });

  it("drops the form, its token and the reveal once saved; cancel drops the form", () => {
    const typing = run([
      { type: "loaded", saved: two },
      { type: "opened" },
      { type: "edited", patch: { token: "tok_live_abcdef" } },
      { type: "revealToggled" },
    ]);
    expect(typing.reveal).toBe(true);
    const saved = run([{ type: "saved" }], typing);
    expect(saved.draft).toBeUndefined();
    expect(saved.reveal).toBe(false);
    expect(JSON.stringify(saved)).not.toContain("tok_live_abcdef");
    expect(run([{ type: "cancelled" }], typing).draft).toBeUndefined();
  });

  it("names another saved connection at the form's origin, never the one edited", () => {
    const loaded = run([{ type: "loaded", saved: two }]);
    const other = run(
      [{ type: "opened" }, { type: "edited", patch: { baseUrl: "https://beta.example.com/v2" } }],
      loaded,
    );
    expect(sharedWith(other)?.label).toBe("Beta");
    expect(sharedWith(run([{ type: "opened", connection: beta }], loaded))).toBeUndefined();
    const invalid = run([{ type: "opened" }, { type: "edited", patch: { baseUrl: "not a url" } }], loaded);
    expect(sharedWith(invalid)).toBeUndefined();
    expect(sharedWith(loaded)).toBeUndefined();
  });
});
