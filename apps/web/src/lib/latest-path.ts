/** What of the router a delayed search update needs: where the latest navigation is going. */
type RouterLocation = { latestLocation: { pathname: string } };

/**
 * Whether the latest navigation (the one under way, or the current page) is on `path`. A search box
 * applies its text after a pause; when the user has meanwhile clicked through to another page, that
 * late update must be dropped, or it would pull them back to the list they just left.
 */
export function isLatestPath(router: RouterLocation, path: string): boolean {
  const trim = (value: string) => value.replace(/\/+$/, "") || "/";
  return trim(router.latestLocation.pathname) === trim(path);
}
