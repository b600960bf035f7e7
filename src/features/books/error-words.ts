/** The books feature's words for its errors (an `ErrorWords` the shell hands the error centre). */
import { type ErrorWords, paneError } from "../../ui/errors/messageFor";
import { BooksError } from "./books-error";
import { BOOKS_WORDS } from "./words";

export const booksErrorWords: ErrorWords = (error, _messages, locale) =>
  error instanceof BooksError ? paneError(BOOKS_WORDS[locale].title, error.message, undefined) : undefined;
