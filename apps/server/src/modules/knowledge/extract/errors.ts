/**
 * A file whose text cannot be read: damaged, protected, or without any text. The message is written for
 * the person who uploaded the file (it can be shown as is); the underlying error, if any, is the cause.
 */
export class ExtractionError extends Error {
  override name = "ExtractionError";
}
