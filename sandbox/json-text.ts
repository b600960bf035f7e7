/**
 * An answer already written as JSON text, sent as it is: the server neither builds its objects
 * nor serializes them again (server.ts). The store answers its largest pages this way (a draft's
 * items, built by SQLite), and a route's answer check reads the text back before it leaves.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** A page of the API's list shape: `data` (items already JSON) then the page's other fields. */
  static page(items: readonly string[], fields: Record<string, unknown>): JsonText {
    const rest = JSON.stringify(fields);
    return new JsonText(`{"data":[${items.join(",")}]${rest === "{}" ? "}" : `,${rest.slice(1)}`}`);
  }
}
