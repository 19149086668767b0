import { isSessionValid } from "@foreman/contract";
import { Component, type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ThemeProvider } from "./components/theme/theme-provider.tsx";
import { StandaloneAuthPages } from "./features/auth/components/standalone-auth-pages.tsx";
import { drawnWithoutRouter, startsWithoutRouter } from "./features/auth/signed-out-pages.ts";
import { DeferredToaster } from "./lib/deferred-toaster.tsx";
import { readSession } from "./lib/session-cookie.ts";
import { LazyErrorScreen } from "./routes/-lazy-feedback.tsx";
import { LINK_PAGES } from "./standalone/link-pages.ts";

// A cold load of /sign_in, /sign_up or a mailed link's page (features/auth/signed-out-pages.ts): the page
// with React alone. The router, the route tree and everything a signed-in page needs (about 47 KB gzip
// before any screen) come once the visitor goes on into the app, and the page stays up until the next
// one is ready.

type BoundaryState = { failed: boolean; error: unknown };

/** What the router's error boundary does for its pages (routes/-route-error.tsx). */
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <LazyErrorScreen error={this.state.error} reset={() => this.setState({ failed: false, error: null })} />;
  }
}

export function startSignedOut(container: HTMLElement): void {
  // Signed in already: the app's guard sends the visitor on from the sign-in pages (routes/(auth)/route.tsx),
  // and an invitation's page needs the app to tell who is signed in.
  const { pathname } = window.location;
  if (startsWithoutRouter(pathname) && !drawnWithoutRouter(pathname, isSessionValid(readSession()))) {
    void import("./app.tsx").then((app) => app.startApp(container));
    return;
  }
  const root = createRoot(container);
  const enterApp = async (href?: string) => {
    // Before the router is created, so that it starts from the new address.
    if (href) window.history.replaceState(null, "", href);
    let app: typeof import("./app.tsx");
    try {
      app = await import("./app.tsx");
    } catch {
      // The app's files could not be fetched (a new version replaced them): load the address afresh.
      window.location.reload();
      return;
    }
    // The route's chunks, guards and loaders first, so the page is replaced by the next one, not a blank.
    await app.loadCurrentRoute().catch(() => undefined);
    root.unmount();
    app.startApp(container);
  };
  root.render(
    <StrictMode>
      <ThemeProvider>
        <PageErrorBoundary>
          <StandaloneAuthPages enterApp={enterApp} linkPages={LINK_PAGES} />
        </PageErrorBoundary>
        <DeferredToaster />
      </ThemeProvider>
    </StrictMode>,
  );
}
