/** The books feature's words for its errors (an `ErrorWords` the shell hands the error centre). */
import { type ErrorWords, paneError } from "../../ui/errors/messageFor";
import { BooksError } from "./books-error";
import { BOOKS_NAMES } from "./names";

export const booksErrorWords: ErrorWords = (error, _messages, locale) =>
  error instanceof BooksError ? paneError(BOOKS_NAMES[locale].title, error.message, undefined) : undefined;
