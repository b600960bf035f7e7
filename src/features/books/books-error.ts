/** Why a month was not booked (./books.ts); its message is in the display language. */
export class BooksError extends Error {
  override name = "BooksError";
  constructor(
    readonly code: "missing_accounts" | "nothing_to_book" | "mismatch" | "not_paid",
    message: string,
  ) {
    super(message);
  }
}
