import { pageHref, type RenderPageLink } from "#web/lib/page-link.ts";

/** The links of a mailed link's page as plain anchors, for a page tested on its own. */
export const plainPageLink: RenderPageLink = ({ className, children, ...target }) => (
  <a href={pageHref(target)} className={className}>
    {children}
  </a>
);
