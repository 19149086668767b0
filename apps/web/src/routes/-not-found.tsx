import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { Button } from "../components/ui/button.tsx";

/** The router's 404: a friendly page with a way home. */
export function NotFound() {
  return (
    <div className="flex min-h-svh w-full items-center justify-center px-4 py-12 in-[main]:min-h-[60svh]">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-5 flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Compass className="size-5" aria-hidden />
        </div>
        <p className="font-medium text-muted-foreground text-sm">404</p>
        <h1 className="mt-1 font-semibold text-xl tracking-tight">Page not found</h1>
        <p className="mt-2 text-muted-foreground">
          The page you are looking for doesn&apos;t exist or has moved. Check the address, or head back home.
        </p>
        <Button asChild className="mt-6">
          <Link to="/">Go to home</Link>
        </Button>
      </div>
    </div>
  );
}
