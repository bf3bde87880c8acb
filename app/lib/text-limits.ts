/** The one wording for a text that is too long, e.g. "Full name must be at most 120 characters" (contact, feedback, profiles). */
export function tooLong(label: string, max: number) {
  return `${label} must be at most ${max} characters`;
}

/**
 * A text cut to `max` characters plus "..." (catalogue cards for visitors, admin previews, request rows).
 * Characters are what a reader sees (grapheme clusters): a cut never splits an emoji or an accented letter
 * in two, which would print "�" and make the server's page differ from the browser's.
 */
export function shortened(text: string, max: number) {
  if (text.length <= max) return text;
  // Only as far as the cut: a description may run to thousands of characters, and a catalogue page cuts a dozen.
  let count = 0;
  for (const { index } of graphemeSegmenter().segment(text)) {
    if (count === max) return `${text.slice(0, index)}...`;
    count++;
  }
  return text;
}

let segmenter: Intl.Segmenter | undefined;
/** One segmenter, made on first use. */
function graphemeSegmenter() {
  return (segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" }));
}
