/**
 * An e-mail address as the server accepts it: something, `@`, then dot-separated labels (at
 * least two). Each part's characters exclude the separator that ends it, so a match is found or
 * refused in one pass: the earlier `[^\s@]+\.[^\s@]+` could split a domain at any of its dots and
 * backtracked quadratically on a long string (issue 41).
 */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * The JSON-schema pattern of an optional e-mail field (blank allowed, spaces around trimmed). The
 * look-ahead refuses a string over 254 characters before anything else is tried: the validator
 * runs every keyword, the pattern even after `maxLength` has failed.
 */
export const EMAIL_FIELD_PATTERN = '^(?=[\\s\\S]{0,254}$)\\s*([^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+)?\\s*$';
