import Markdown, { type Components } from 'react-markdown';

/**
 * The elements a post may use. Raw HTML in a post is dropped (`skipHtml`), and so is anything
 * not listed here (images, tables), so a post renders as plain formatted text and links.
 */
const allowedElements = [
  'p',
  'h1',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'code',
  'pre',
  'blockquote',
  'a',
  'hr',
  'br',
];

/** Where a link in a post may lead: a path of the site or an http(s) address; nothing else. */
export function safePostHref(href: string): string | undefined {
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) {
    return href;
  }
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const components: Components = {
  // The post's title is the page's h1: a post's own headings (`#` or `##`) are its sections.
  h1: ({ children }) => <h2 className="mt-8 text-xl font-semibold">{children}</h2>,
  h2: ({ children }) => <h2 className="mt-8 text-xl font-semibold">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-6 text-lg font-semibold">{children}</h3>,
  p: ({ children }) => <p className="mt-3 leading-relaxed">{children}</p>,
  ul: ({ children }) => <ul className="mt-3 list-disc space-y-1 ps-6">{children}</ul>,
  ol: ({ children }) => <ol className="mt-3 list-decimal space-y-1 ps-6">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="mt-3 border-s-4 border-border ps-4 text-muted-foreground">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-sm">{children}</code>
  ),
  pre: ({ children }) => (
    <pre className="mt-3 overflow-x-auto rounded-lg bg-muted p-3">{children}</pre>
  ),
  a: ({ href, children }) => {
    const safe = href === undefined ? undefined : safePostHref(href);
    if (safe === undefined) {
      return <span>{children}</span>;
    }
    const isExternal = !safe.startsWith('/') && !safe.startsWith('#');
    return (
      <a
        href={safe}
        className="text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        {...(isExternal ? { rel: 'noopener noreferrer nofollow' } : {})}
      >
        {children}
      </a>
    );
  },
};

/** A post's Markdown as React elements (no raw HTML, no images, safe links only). */
export function BlogMarkdown({ source }: { source: string }) {
  return (
    <Markdown skipHtml allowedElements={allowedElements} unwrapDisallowed components={components}>
      {source}
    </Markdown>
  );
}
