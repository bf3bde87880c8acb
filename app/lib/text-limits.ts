/** The one wording for a text that is too long, e.g. "Full name must be at most 120 characters" (contact, feedback, profiles). */
export function tooLong(label: string, max: number) {
  return `${label} must be at most ${max} characters`;
}
