import type { ReactNode } from "react";

/** A legal page's section: a heading with an anchor, for the contents list and for links from elsewhere. */
export type LegalSection = { id: string; title: string; body: ReactNode };

/** Paragraphs, lists and links inside the text. */
const PROSE =
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_li]:mt-1.5 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5";

/**
 * The layout of /terms, /privacy and /about: one readable column (about 70 characters a line on a
 * laptop, the full width of a phone), a "Last updated" line, a list of contents, then the sections.
 */
export function LegalArticle({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  /** "26 November 2026": the version of the text. */
  updated?: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl break-words px-4 py-8 leading-relaxed text-gray-800 sm:py-10">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      {updated ? <p className="mt-2 text-sm text-gray-600">Last updated: {updated}</p> : null}
      <div className={PROSE}>
        <div className="mt-4">{intro}</div>
        {sections.length > 3 ? (
          <nav aria-label="Contents" className="mt-6 rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm">
            <h2 className="font-semibold text-gray-900">Contents</h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {sections.map((section, i) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="mt-8 scroll-mt-20"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-gray-900">
              {sections.length > 3 ? `${i + 1}. ` : ""}
              {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </article>
  );
}
